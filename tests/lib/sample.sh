# tests/lib/sample.sh - CHECK_SAMPLE=K in a shell suite (the rule is
# tests/lib/sample.py's: make check SANITIZE=1 sets K = 8).  Sourced;
# sample_keep is true for the cases numbered 0, K, 2K, ... in the order
# they are asked, and sample_note prints how many were kept.
sample_no=0 sample_kept=0
sample_keep() {
	local k=${CHECK_SAMPLE:-1}
	sample_no=$((sample_no + 1))
	[ $(((sample_no - 1) % k)) = 0 ] || return 1
	sample_kept=$((sample_kept + 1))
}
sample_note() {   # NAME
	[ "${CHECK_SAMPLE:-1}" = 1 ] ||
		echo "$1: CHECK_SAMPLE=$CHECK_SAMPLE: $sample_kept of $sample_no cases checked (one in $CHECK_SAMPLE)"
}
