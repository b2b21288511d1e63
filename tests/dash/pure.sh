#!/bin/bash
# Drawing is a function of the state, and keys return what they ask
# (issue 27 item 3), held against the sources: the drawing files keep no
# mutable variable of their own but the styles and glyphs dash_draw_init
# chooses once; the key handlers keep none (an action went out through a
# static `pending`); the lesson pane writes nothing through the const
# dashboard it is drawn from (it set the pane's rows); each binding's
# handler returns its action.
. "$(dirname "$0")/lib.bash"
cd "$(dirname "$0")/../.." || exit 2

# statics FILE...: "FILE:NAME" of every static variable that is not const
statics() {
	python3 - "$@" <<'EOF'
import re, sys
for path in sys.argv[1:]:
    s = open(path).read()
    s = re.sub(r'/\*.*?\*/', ' ', s, flags=re.S)
    s = re.sub(r'"(\\.|[^"\\])*"', '""', s)
    for m in re.finditer(r'\bstatic\b', s):
        rest = s[m.end():]
        cut = min((rest.find(c) for c in ';(={' if rest.find(c) >= 0))
        head, stop = rest[:cut], rest[cut]
        if stop == '(':
            continue                    # a function
        if re.search(r'\bconst\b', head):
            continue
        if stop == '{':                 # static struct X { ... } name;
            depth, i = 0, cut
            while True:
                depth += rest[i] == '{'
                depth -= rest[i] == '}'
                i += 1
                if depth == 0:
                    break
            head = rest[i:rest.find(';', i)]
        names = re.findall(r'[A-Za-z_]\w*', re.sub(r'\[[^\]]*\]', '', head))
        print('%s:%s' % (path.split('/')[-1], names[-1] if names else '?'))
EOF
}

draw_files=$(ls src/dash/dash_draw.c src/dash/dash_paint.c src/dash/dash_panel_*.c \
	src/dash/dash_help.c src/dash/dash_hilite.c 2>/dev/null)
got=$(statics $draw_files | sort | tr '\n' ' ')
# the styles and glyphs, chosen once by dash_draw_init (in the primitives'
# file once the drawing is split, in dash_draw.c before)
case $got in
"dash_paint.c:g dash_paint.c:sty "|"dash_draw.c:g dash_draw.c:sty ") ok "drawing: only the styles and glyphs of dash_draw_init ($got)" ;;
*) bad "drawing keeps mutable statics: $got" ;;
esac
got=$(statics src/dash/dash_keys.c | tr '\n' ' ')
check "the key handlers keep no mutable static (${got:-none})" test -z "$got"
check "a binding's handler returns its action" \
	grep -q 'dash_action (\*fn)(dash \*d, int key)' src/dash/dash_ui.h
pane=$(awk '/^void dash_learn_pane\(const dash \*d/,/^}/' src/dash/dash_learn.c)
check "the lesson pane is drawn from a const dashboard" test -n "$pane"
check "    and writes nothing through it" \
	bash -c '! grep -qE "(dl|d->learn)->[a-z_]+ *(=[^=]|\+\+|--|\+=|-=)" <<<"$1"' _ "$pane"
check "    and reads its lesson through a const pointer" \
	grep -q 'const struct dlearn \*dl = d->learn;' <<<"$pane"

tm_summary
