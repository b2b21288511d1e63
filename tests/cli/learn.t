# Lessons: `cfx learn` lists them with marks, `cfx learn N` runs one with
# lines from stdin (script mode), `learn` works inside the REPL.  The
# lessons are the small fixtures in tests/lessons/fixtures, so this file
# does not change when a real lesson is edited (those are played by
# `cfx learn --selftest`, tests/lessons/selftest.sh).  Progress lives in
# $XDG_STATE_HOME/cfx/progress, which golden.sh points at a fresh
# directory: the cases below build on each other in order.

# nothing started yet
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn
> Lessons (learn N or NAME starts or resumes one; [x] every step solved on
> your own, [~] every step done but some with help, revealed or skipped,
> [2/5 done] 2 of 5 steps done):
>   1 [ ]          mini         A mini lesson for the tests
>   2 [ ]          second       A second lesson

# an answer where a command is wanted is refused; the command passes
# step 1; a wrong answer shows the next hint and does not advance; hints
# come one at a time; when they are spent, hint says so, and what the
# word solution costs (it ends the step, revealed), and never gives the
# solution: only the word solution does (below); quit leaves at step 2
# (a wrong answer makes the exit status 1)
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1
< answer 5
< cf 13/8
< 7
< hint
< hint
< quit
> Lesson 1: A mini lesson for the tests
>
> This lesson exists for the test suite.
>
> -- Lesson 1, step 1 of 3: Run a command ----------------------------------------
> Run cf on 13/8.
>
>   try: cf 13/8
>
> This step asks you to run a command, not to answer (try: cf 13/8).
> x          13/8
> cf         [1; 1, 1, 1, 2]
> terms      5 (complete)
> golden     prefix 3 (of frac(x) = x - 1); largest quotient 2 at a_4
> |x-1/phi|  1.01
> Step 1 done.
>
> -- Lesson 1, step 2 of 3: Answer a question ------------------------------------
> The quotients of 13/8 are 1, 1, 1, 1, 2.
>
>   ask: What is the last quotient of 13/8?
>        (3 tries: type the answer, or: answer EXPR)
>
> Not quite.
> A right answer now counts as solved with help, not on your own.
> Hint 1 of 2: Look at the end of the list.
> 2 tries left: after a wrong last one the answer is shown, and the step counts as
>   revealed, not solved.
> Hint 2 of 2: It is the only quotient that is not 1.
> No more hints. solution shows the answer and ends the step: it then counts as
>   revealed (x), not solved. Or skip.
> Left lesson 1 at step 2 of 3 (learn 1 resumes it).
? 1

$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn
> Lessons (learn N or NAME starts or resumes one; [x] every step solved on
> your own, [~] every step done but some with help, revealed or skipped,
> [2/5 done] 2 of 5 steps done):
>   1 [1/3 done]   mini         A mini lesson for the tests
>   2 [ ]          second       A second lesson

# resume at step 2 by name; any notation: 0b10 = 2; a setting alone does
# not pass step 3, the command after it does; the lesson ends
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn mini
< 0b10
< set bits 64
< naf 1
> -- Lesson 1, step 2 of 3: Answer a question ------------------------------------
> The quotients of 13/8 are 1, 1, 1, 1, 2.
>
>   ask: What is the last quotient of 13/8?
>        (3 tries: type the answer, or: answer EXPR)
>
> Step 2 done.
>
> -- Lesson 1, step 3 of 3: Change a setting -------------------------------------
> Set the word size to 64 bits, then run naf on 1.
>
>   try: set bits 64
>
> value      0x0000000000000001 = 1 (64-bit, odd)
> binary                                                                    1
> NAF        000000000000000000000000000000000000000000000000000000000000000+
> weight     binary 1, NAF 1 (0 additions or subtractions)
> power sum  1
> Step 3 done.
> Lesson 1 complete: 3 of 3 steps solved.
> Next: learn 2 (A second lesson)

# skip: done, but marked [~]; back and reset move around
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 2
< back
< skip
> Lesson 2: A second lesson
>
> -- Lesson 2, step 1 of 1: Hex or decimal ---------------------------------------
> Any notation is accepted.
>
>   ask: What is sixteen?
>        (3 tries: type the answer, or: answer EXPR)
>
> This is the first step.
> Step 1 skipped.
> Lesson 2 complete: 0 of 1 steps solved, 1 skipped.

$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn
> Lessons (learn N or NAME starts or resumes one; [x] every step solved on
> your own, [~] every step done but some with help, revealed or skipped,
> [2/5 done] 2 of 5 steps done):
>   1 [x]          mini         A mini lesson for the tests
>   2 [~]          second       A second lesson

# in the REPL: learn lists, learn N starts; reset starts over; an answer
# in hex; the REPL goes on after the lesson
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx
< learn
< learn 2
< reset
< answer 2^4
< cf 21/13
> Lessons (learn N or NAME starts or resumes one; [x] every step solved on
> your own, [~] every step done but some with help, revealed or skipped,
> [2/5 done] 2 of 5 steps done):
>   1 [x]          mini         A mini lesson for the tests
>   2 [~]          second       A second lesson
> Lesson 2 was complete (0 of 1 steps solved, 1 skipped): it opens again at step
>   1, your marks kept (reset clears them).
> Lesson 2: A second lesson
>
> -- Lesson 2, step 1 of 1: Hex or decimal ---------------------------------------
> Any notation is accepted.
>
>   ask: What is sixteen?
>        (3 tries: type the answer, or: answer EXPR)
>
> Lesson 2 starts over.
>
> Lesson 2: A second lesson
>
> -- Lesson 2, step 1 of 1: Hex or decimal ---------------------------------------
> Any notation is accepted.
>
>   ask: What is sixteen?
>        (3 tries: type the answer, or: answer EXPR)
>
> Step 1 done.
> Lesson 2 complete: 1 of 1 steps solved.
> x          21/13
> cf         [1; 1 (x4), 2]
> terms      6 (complete)
> golden     prefix 4 (of frac(x) = x - 1); largest quotient 2 at a_5
> |x-1/phi|  0.997

# a corrupted progress file is reported, set aside and restarted
$ mkdir -p "$XDG_STATE_HOME/cfx" && printf 'mini 1 +\001x\n' > "$XDG_STATE_HOME/cfx/progress" && CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 2>&1 | sed 's/corrupt-[0-9-]*/corrupt-TIME/; s#/[^ ]*/state/#STATE/#'
> cfx: learn: the progress file could not be read (bad step marks, line 1); it was set aside as STATE/cfx/progress.corrupt-TIME and progress starts afresh
> Lessons (learn N or NAME starts or resumes one; [x] every step solved on
> your own, [~] every step done but some with help, revealed or skipped,
> [2/5 done] 2 of 5 steps done):
>   1 [ ]          mini         A mini lesson for the tests
>   2 [ ]          second       A second lesson

$ ls "$XDG_STATE_HOME/cfx" | sed 's/corrupt-[0-9-]*/corrupt-TIME/'
> lesson-mini.memo
> lesson-second.memo
> progress.corrupt-TIME
> progress.lock

# errors: unknown lesson, in the shell and in the REPL
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 42
! cfx: learn: no such lesson; cfx learn lists them (42)
? 2

$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx
< learn 42
< cf 13/8
! cfx: line 1: learn: no such lesson; learn lists them (42)
? 2

# a lesson by a prefix of its name, a word of its title or a part of
# either (lessons/NN-NAME.lesson and their title: lines): `learn s` was
# lesson 1 (the s of "Euclid's"), `learn spec` no lesson
$ cfx learn spec < /dev/null | head -1
> Lesson 4: The spectrum {k x} and the three-distance theorem
$ cfx learn ratio < /dev/null | head -1
> Lesson 3: The golden ratio, the most irrational number
$ cfx learn TRAP < /dev/null | head -1
> Lesson 8: The sparse-multiplier trap
$ cfx learn s
! cfx: learn: several lessons match: 4 spectrum, 8 sparse-trap; give more of the name, or the number (s)
? 2
$ cfx learn euclud
! cfx: learn: no such lesson; did you mean euclid? cfx learn lists them (euclud)
? 2
$ cfx learn xyzzy
! cfx: learn: no such lesson; cfx learn lists them (xyzzy)
? 2
$ cfx
< learn s
! cfx: line 1: learn: several lessons match: 4 spectrum, 8 sparse-trap; give more of the name, or the number (s)
? 2

# did you mean needs a near word: a short one one edit away (ans was
# "did you mean naf?", two edits)
$ cfx
< ans
! cfx: line 1: ans: unknown command
? 2
$ cfx
< shwo
! cfx: line 1: shwo: unknown command; did you mean show?
? 2

$ cfx learn --frobnicate
! cfx: learn: unknown option (--frobnicate)
? 2
$ cfx learn --lsit
! cfx: learn: unknown option (--lsit); did you mean --list?
? 2

# --list is the list a bare cfx learn prints
$ F=$(dirname "$(command -v cfx)")/tests/lessons/fixtures; CFX_LESSONS=$F cfx learn --list > a && CFX_LESSONS=$F cfx learn > b && cmp a b && grep -c 'mini lesson' a
> 1
$ cfx learn --list 3
! cfx: learn: --list takes nothing after it (3)
? 2

# the solution only on the word solution: wrong answers and hint words
# beyond the last hint never show it (one wrong answer and one hint
# showed a one-hint step's solution before); two wrong answers, as a
# third, the last of the step's three tries, would end the step
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 | grep '^Solution:' | wc -l
< cf 13/8
< 7
< hint
< 8
< hint
< hint
< quit
> 0
# (solution ends that step, revealed; back returns to it)
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 | grep -A1 '^Solution:'
< cf 13/8
< solution
< back
< quit
> Solution:
>   answer 2
# the real lessons: lesson 9, step 2, wrong answers and hints
$ cfx learn 9 | grep '^Solution:' | wc -l
< skip
< 0
< hint
< 1
< hint
< hint
< hint
< quit
> 0

# a malformed lesson file: the line and what is wrong, exit status 2
$ printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input ==\n' > bad.lesson && cfx learn --check bad.lesson
! cfx: learn: bad.lesson:5: bad check: a comparison needs a value on its right
? 2

$ printf 'title: T\nstep: S\n  Prose.\nhnit: typo\n' > bad.lesson && cfx learn --check bad.lesson
! cfx: learn: bad.lesson:4: unknown directive (title, facts, step, try, ask, predict, reveals, refuses, choices, tries, value, check, else, hint, solution, explain, claim, focus, face) (hnit)
? 2

$ printf 'title: T\nstep: S\nProse not indented.\n' > bad.lesson && cfx learn --check bad.lesson
! cfx: learn: bad.lesson:3: expected a directive (word: ...), a comment (#) or text indented by two spaces (Prose)
? 2

$ printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input == 1/2\nsolution: cf 1/2\n' > bad.lesson && cfx learn --check bad.lesson
! cfx: learn: bad.lesson:2: step has no hint: (S)
? 2

# ... and in the catalog: cfx learn N refuses it before starting
$ mkdir -p ls && printf 'title: T\nstep: S\n  Prose.\ntry: cf 1/2\ncheck: result.cf.input = 1/2\n' > ls/01-bad.lesson && CFX_LESSONS=ls cfx learn 1
! cfx: learn: ls/01-bad.lesson:5: bad check: = compares as == (=)
? 2

# --check: claims that are false and solutions that do not pass are
# reported with their lines, exit status 1
$ printf 'title: T\nstep: S\n  It has 13 quotients.\ntry: cf 13/8\ncheck: result.cf.input == 21/13\nhint: h\nsolution: cf 13/8\nclaim: cf 13/8 :: len(quotients) == 13\n' > false.lesson && cfx learn --check false.lesson
! cfx: learn: false.lesson:8: claim is false: len(quotients) is 5, wanted == 13 (cf 13/8)
! cfx: learn: false.lesson:2: the solution does not pass step 1: result.cf.input is 13/8, wanted == 21/13
? 1

# a good file
$ cfx learn --check "$(dirname "$(command -v cfx)")/tests/lessons/fixtures/02-second.lesson" | sed 's#^ok  /.*/tests/#ok  tests/#'
> ok  tests/lessons/fixtures/02-second.lesson: 1 step, 0 claims
>     0 read off (0%), 1 derived (100%), 0 in the dashboard

# after the last step, lesson words still work in script mode: back returns
# to the last step, the others say the lesson is complete
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 2 | grep -E 'complete|step 1 of 1'
< answer 16
< hint
< back
< answer 16
< skip
> -- Lesson 2, step 1 of 1: Hex or decimal ---------------------------------------
> Lesson 2 complete: 1 of 1 steps solved.
> Lesson 2 is complete: back returns to its last step, reset starts it over.
> -- Lesson 2, step 1 of 1: Hex or decimal ---------------------------------------
> Lesson 2 complete: 1 of 1 steps solved.
> Lesson 2 is complete: back returns to its last step, reset starts it over.

# in a lesson, exit is quit: it leaves the lesson (and cfx learn N); in
# the REPL the session goes on after it (naf 5 runs)
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx learn 1 | tail -1
< cf 13/8
< exit
< naf 5
> Left lesson 1 at step 2 of 3 (learn 1 resumes it).
$ CFX_LESSONS=$(dirname "$(command -v cfx)")/tests/lessons/fixtures cfx repl | grep -E '^(Left|NAF)' | cut -c1-15
< learn 1
< exit
< naf 5
> Left lesson 1 a
> NAF        0000
