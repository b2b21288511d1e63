#!/bin/bash
# Lessons at a terminal: `cfx learn N` starts a REPL session with the
# lesson, commands and answers move it on, quit leaves cfx; `learn` in the
# REPL completes lesson names.  Uses the fixture lessons.
. "$(dirname "$0")/../lib/tmux.sh"
fx="CFX_LESSONS=$root/tests/lessons/fixtures"

tm_start 80 30 env "$fx" ./cfx learn 1
check "the lesson's first step" tm_wait 'Lesson 1, step 1 of 3: Run a command'
check "the prompt" tm_wait '^cfx>$'
tm_type 'cf 13/8'; tm_keys Enter
check "a command passes the step" tm_wait '^Step 1 done\.$'
check "the next step is shown" tm_wait 'step 2 of 3: Answer a question'
tm_keys C-l
tm_type 'hint'; tm_keys Enter
check "hint" tm_wait '^Hint 1 of 2: Look at the end of the list\.$'
tm_type '3'; tm_keys Enter
check "a wrong answer gets the next hint" tm_wait '^Hint 2 of 2:'
tm_type '2'; tm_keys Enter
check "a right answer passes" tm_wait '^Step 2 done\.$'
tm_type 'quit'; tm_keys Enter
check "quit leaves the lesson" tm_wait 'Left lesson 1 at step 3 of 3'
check "and cfx, status 0" test "$(tm_exited)" = 0

tm_start 80 30 env "$fx" ./cfx learn 1
check "resumed at step 3" tm_wait 'Lesson 1, step 3 of 3'
tm_keys C-d
check "Ctrl-D leaves too" test "$(tm_exited)" = 0

tm_start 80 30 env "$fx" ./cfx repl
check "the REPL" tm_wait '^cfx>$'
tm_type 'lea'; tm_keys Tab
check "TAB completes learn" tm_wait '^cfx> learn$'
tm_type 'mi'; tm_keys Tab
check "TAB completes a lesson name" tm_wait '^cfx> learn mini$'
tm_keys Enter
check "learn NAME starts it where it was left" tm_wait 'Lesson 1, step 3 of 3'
tm_type 'quit'; tm_keys Enter
check "quit leaves the lesson, not the REPL" tm_wait 'learn 1 resumes it'
tm_type 'cf 21/13'; tm_keys Enter
check "the REPL goes on" tm_wait '^cf +\[1; 1 \(x4\), 2\]$'
tm_type 'quit'; tm_keys Enter
check "quit leaves the REPL" test "$(tm_exited)" = 0
tm_summary
