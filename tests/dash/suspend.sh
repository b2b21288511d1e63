#!/bin/bash
# Ctrl-Z suspends the dashboard as it does any program in a shell, and fg
# resumes it as it was: the shell's screen while it is stopped (the
# terminal restored: the shell echoes what is typed), the same constant,
# word and panels after fg, and q still leaves cleanly.  Run from an
# interactive bash in tmux, as a person would.
. "$(dirname "$0")/lib.bash"

tm_start 80 24 env LC_ALL=C.UTF-8 CFX_LATENCY_LOG= PS1=prompt: \
	bash --norc --noprofile -i
tm_wait '^prompt:' >/dev/null
tm_type './cfx dash 0x9e370001'; tm_keys Enter
tm_wait 'golden prefix' >/dev/null
tm_type 'w'                          # n = 64: a state to find again
tm_wait 'n = 64 ' >/dev/null

tm_keys C-z
check "Ctrl-Z: the shell says the dashboard is stopped" \
	tm_wait 'Stopped +\./cfx dash 0x9e370001'
check "    and none of the dashboard is left on the screen" \
	tm_gone 'golden prefix|Decomposition' 2
tm_type 'echo typed-here'; tm_keys Enter
check "    the terminal is the shell's again (what is typed is echoed)" \
	tm_wait '^typed-here$'
# the modes a shell's programs expect, as stty reads them (the dashboard
# reads keys raw, without echo, and with no CR-to-NL)
tm_type 'stty -a | tr " " "\n" | grep -xE -- "-?(icanon|echo|isig|icrnl|opost)" | sort | tr "\n" " "; echo'
tm_keys Enter
check "    in the shell's modes: icanon echo isig icrnl opost (stty)" \
	tm_wait '^echo icanon icrnl isig opost ?$'

tm_type 'fg'; tm_keys Enter
check "fg: the dashboard is drawn again" tm_wait 'golden prefix'
check "    as it was: the constant and the word chosen before" \
	tm_wait '= 0x000000009e370001 = 2654404609 +n = 64 '
check "    every panel, not only what changed (the footer too)" \
	tm_wait '^e edit .*q quit'
tm_type 'n'
next=$(echo 'nextprime(2654404609 + 1)' | gp -q -f)
check "    and keys work (n: the next prime, $next by gp)" \
	tm_wait "= 0x[0-9a-f]+ = $next "

tm_type 'q'
check "q after fg: back at the shell prompt" tm_wait '^prompt:$'
check "    with nothing of the dashboard on it" \
	tm_gone 'golden prefix|Decomposition' 2

tm_summary
