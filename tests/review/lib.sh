# Shared by the tests/review suites (sourced after build/lib.sh and the cd
# to $root): the binary, the fixtures, and review ARGS, which keeps the
# reply in $tmp/o (stdout and stderr) and its status for rc.
cfx=./cfx
fx=tests/review/fixtures
review() { $cfx review "$@" > "$tmp/o" 2>&1; echo $? > "$tmp/rc"; }
rc() { cat "$tmp/rc"; }
