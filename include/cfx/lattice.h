/*
 * lattice.h - packed keys screened by lattice reduction (prefix lattice_).
 *
 * Keys packed from k fields, key = sum x_i 2^(s_i) (x_i < X_i, the field
 * i between bits s_i and s_(i-1), s_(-1) = n), hash with multiplier p as
 * the top b bits of sum x_i A_i mod 2^n, A_i = 2^(s_i) p mod 2^n.  Two
 * keys share a bucket of width W = 2^(n-b) only if their differences u_i
 * give e = sum u_i A_i mod 2^n with |e| < W: a point (u, e) of the rank
 * k + 1 lattice with rows (w_i e_i, A_i) and (0, 2^n), inside the box
 * |u_i| < X_i, |e| < W (scaled by w_i = W / X_i it is a cube).  As for
 * strides (stride.h), the mean over a random start of the sum of squared
 * loads is K plus the sum over the box's points of prod (X_i - |u_i|)
 * (W - |e|) / W.  The lattice is reduced with FLINT's LLL (fmpz_lll); the
 * prediction sums that along the lines of the reduced basis vectors (a
 * points off those lines are taken as a random hash's), which finds the
 * cells where a short vector crowds the keys (the hash sees only a
 * combination like 3x + y).  A row's worst is exact: the points of the
 * box, enumerated from the reduced basis, bound each cell's R from above
 * (at a start of 0 two keys share a bucket only if their difference is
 * such a point), and the cells are counted key by key in the order of
 * their bounds until no bound left exceeds the worst counted.
 */
#ifndef CFX_LATTICE_H
#define CFX_LATTICE_H

#include <stddef.h>
#include <stdint.h>

#define LATTICE_MAX_FIELDS 4
#define LATTICE_MIN_FIELD 4        /* each field ranges over >= 2^4 values */
#define LATTICE_COUNT_MAX 23       /* cells of at most 2^23 keys counted
                                    * (every cell of stride_tables) */

/* A layout: nf fields, shift[i] the lowest bit of field i, from the top
 * field down (shift[nf - 1] = 0). */
typedef struct lattice_layout {
	unsigned nf;
	unsigned shift[LATTICE_MAX_FIELDS];
} lattice_layout;

typedef struct lattice_cell {
	unsigned b, load;                   /* 2^b buckets, keys a bucket */
	unsigned xb[LATTICE_MAX_FIELDS];    /* field i takes 2^xb[i] values */
	double pred;                        /* predicted R: a random hash's pairs
	                                     * plus those along short lattice
	                                     * vectors (an estimate, not a bound:
	                                     * the count can be lower or higher) */
	double counted;                     /* counted R, or -1 */
	int64_t vec[LATTICE_MAX_FIELDS];    /* the shortest vector's u */
	double r;                           /* counted if counted, else pred */
	uint64_t work;                      /* the worst of a row (lattice_worst,
	                                     * lattice_offsets*, with scratch):
	                                     * the nodes its bounds walked plus
	                                     * the keys it hashed; else 0 */
} lattice_cell;

/* Spread 2^j keys over the fields, one bit at a time from the lowest
 * field up, each at most its width: field i takes 2^xb[i] values.  0 when
 * they do not fit or a field would take fewer than 2^LATTICE_MIN_FIELD
 * values (no cell of 2^j keys). */
int lattice_spread(const lattice_layout *lay, unsigned n, unsigned j,
                   unsigned *xb);

/*
 * The worst cell of a layout over tables[] (ascending) and loads 1..8:
 * K = load 2^b keys spread over the fields as evenly as their widths
 * allow, each field at least 2^LATTICE_MIN_FIELD values (cells that
 * cannot are skipped).  With scratch (2^20 counters) the worst is exact:
 * the cell of the highest counted R of all (every cell whose bound,
 * lattice_bound, exceeds the worst counted so far is counted, highest
 * bound first); with scratch NULL the worst predicted, not counted.
 * Returns its r (0 when no cell), *worst set.
 */
double lattice_worst(uint64_t p, unsigned n, const lattice_layout *lay,
                     const unsigned *tables, size_t ntables,
                     lattice_cell *worst, uint32_t *scratch);

/* Two fields x << h | y for every h with both fields >= 2^4 values: the
 * worst cell over all of them, as lattice_worst (one branch and bound
 * over every offset's cells); *h_out its h.  Returns its r. */
double lattice_offsets(uint64_t p, unsigned n, const unsigned *tables,
                       size_t ntables, lattice_cell *worst, unsigned *h_out,
                       uint32_t *scratch);

/* lattice_offsets but for the offsets h with bit h of skip set (those
 * another check judges: one judgement per cell). */
double lattice_offsets_except(uint64_t p, unsigned n, const unsigned *tables,
                              size_t ntables, uint64_t skip,
                              lattice_cell *worst, unsigned *h_out,
                              uint32_t *scratch);
/* The screens of lattice_worst and lattice_offsets_except (with
 * scratch): whether the worst cell reaches rmin > 0, exactly, by the same
 * branch and bound cut short.  When it does, a cell counted at rmin or
 * more (the first the bounds lead to: not always the worst); when it does
 * not, the worst counted on the way, below rmin too (0, worst zeroed,
 * when none was).  The cells whose bound is below rmin are neither walked
 * further nor counted.  A rule's status that rises with R is decided at
 * its R this way for the price of the cells that could reach it.  rmin
 * 0: the functions above. */
double lattice_worst_from(uint64_t p, unsigned n, const lattice_layout *lay,
                          const unsigned *tables, size_t ntables, double rmin,
                          lattice_cell *worst, uint32_t *scratch);
double lattice_offsets_from(uint64_t p, unsigned n, const unsigned *tables,
                            size_t ntables, uint64_t skip, double rmin,
                            lattice_cell *worst, unsigned *h_out,
                            uint32_t *scratch);

/* Whether the screens' shortcuts that leave cells out by a bound
 * (lattice.c's screen_tables, verify's fields cut) are off: 0 unless
 * lattice_cuts_set(0) turned them off (main does for the tests'
 * CFX_TEST_NO_CUTS, so that a test compares their answers with the whole
 * walk's; the core reads no environment).  The same answers either way.
 * Set before any work starts: not thread-safe. */
int lattice_cuts_off(void);
void lattice_cuts_set(int on);

/* The fixed layouts of three and four fields on n-bit words: four bytes
 * (24/16/8), 20/12 and 32/20/12 (those that fit).  Returns how many. */
size_t lattice_fixed(unsigned n, lattice_layout *out);

/*
 * One cell: field i takes 2^xb[i] values (xb[i] <= its width), 2^b
 * buckets.  lattice_reduce: the cell's lattice as lattice.h scales it (row
 * i: 2^(n-b-xb_i) at i and A_i last; the last row 2^n at the end; all
 * times 2^S, S the least that keeps the weights integers), reduced by
 * FLINT's fmpz_lll (delta 0.99, eta 0.51), written back in key units:
 * basis[j] = (u_0, ..., u_(nf-1), e), nf + 1 rows.  Returns 0, or -1
 * when an entry does not fit in 64 bits (then it is truncated).
 * lattice_predict: the cell's predicted R from that basis (lattice.h),
 * the u of the vector shortest in the cube's norm into vec: the lines of
 * the basis vectors only, an estimate that orders the cells (with three
 * or four fields two short vectors span a plane of points off those
 * lines, and it can fall far below the mean: 0x10001 at x<<24|y<<12|z,
 * 2^12 x8, 2.43 for a mean of 5.44).  Two fields are reduced by LLL too
 * (rank 3: the reason is at lattice.c's reduce).
 */
int lattice_reduce(uint64_t p, unsigned n, const lattice_layout *lay,
                   const unsigned *xb, unsigned b,
                   int64_t basis[LATTICE_MAX_FIELDS + 1][LATTICE_MAX_FIELDS + 1]);
double lattice_predict(uint64_t p, unsigned n, const lattice_layout *lay,
                       const unsigned *xb, unsigned b, int64_t *vec);

/* The cell's R averaged over a random start (a uniform offset added to
 * every hash, mod 2^n), exactly: K plus, over every nonzero point (u, e)
 * of the box (|u_i| < 2^xb[i], |e| < 2^(n-b)), prod (2^xb[i] - |u_i|)
 * (W - |e|) / W, the points enumerated from the reduced basis one by one.
 * *exact 1; 0 when there were too many points to visit (2^24) or the
 * basis does not fit in 64 bits: then the sum so far, a lower bound
 * (every term is positive). */
double lattice_mean(uint64_t p, unsigned n, const lattice_layout *lay,
                    const unsigned *xb, unsigned b, int *exact);

/* An upper bound on the cell's counted R (keys from 0): K plus, over
 * the lattice's nonzero points (u, e) with |u_i| < 2^xb[i] and |e| <
 * 2^(n-b), the pairs of keys that differ by u, prod (2^xb[i] - |u_i|),
 * bounds the sum of squared loads (the points of a line summed in closed
 * form).  When the points are too many to enumerate, or the reduced basis
 * does not fit in 64 bits, the bound of any K keys: all in one bucket
 * (then the cell is counted if it can matter).  Never below the count. */
double lattice_bound(uint64_t p, unsigned n, const lattice_layout *lay,
                     const unsigned *xb, unsigned b);

/* Count the keys x, x + d, ..., x + (n - 1) d (products scaled to the
 * top of a 64-bit word, wrapping mod 2^64; d read as signed, so a run may
 * go down) into loads[x >> sh], a bucket at a time: each bucket the run
 * passes gets its share at once.  For steps below a bucket (a constant
 * far below 2^n puts thousands of consecutive keys in one); the work is
 * the buckets passed, not the keys.  Returns the counter updates made. */
uint64_t lattice_count_run(uint64_t x, uint64_t d, uint64_t n, unsigned sh,
                           uint32_t *loads);

/* The exact R of a cell, every key hashed (scratch: 2^b counters). */
double lattice_count(uint64_t p, unsigned n, const lattice_layout *lay,
                     const unsigned *xb, unsigned b, uint32_t *scratch);

#endif
