/*
 * test_lattice_gp.c - lattice.c's reduction against PARI/GP's qflll.
 *
 * For 240 cells from a fixed seed (random odd p on 32- and 64-bit words,
 * two fields at a random offset h and the fixed 3-4 field layouts, random
 * field ranges 2^4.. and tables 2^4..2^20), lattice_reduce's basis is
 * handed to gp, which builds the cell's lattice itself from lattice.h's
 * definition (rows 2^(n-b-xb_i) e_i + A_i e_last and 2^n e_last, times
 * 2^S) and checks, exactly, in rationals:
 *   - the basis spans that lattice (the same determinant, and every
 *     vector an integer combination of the definition's rows);
 *   - it is LLL-reduced for FLINT's (delta, eta) = (0.99, 0.51) (size
 *     reduction and Lovasz, from gp's own Gram-Schmidt);
 *   - its shortest vector is as short as the first of qflll's basis, and
 *     within LLL's bound of the true minimum (qfminim), which it equals
 *     in nearly every cell;
 *   - the predicted R (lattice_predict) is the one lattice.h's formula
 *     gives when gp sums it over qflll's own basis, wherever the two
 *     bases are the same up to sign and order.
 * Two fields go through the same rank-3 reduction; a cell built so that
 * only a vector with both field differences non-zero is short (x<<h|y
 * seen as c x + y, as test_verify_lattice builds them) shows why: the
 * rank-2 lattice of one field (v = 0, a stride: what Lagrange-Gauss would
 * reduce) has no short vector there, which gp confirms too.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfx/lattice.h"
#include "testutil.h"

#define CASES 240

static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* gp's side: the definition, the checks; one line of output a cell */
static const char gp_lib[] =
"lat(n,b,xb,A)=my(nf=#xb,S=max(0,vecmax(xb)-(n-b)),G=matrix(nf+1,nf+1));"
" for(i=1,nf,G[i,i]=2^(n-b-xb[i]+S);G[nf+1,i]=A[i]*2^S);"
" G[nf+1,nf+1]=2^(n+S);G;\n"
"scaled(n,b,xb,U)=my(nf=#xb,S=max(0,vecmax(xb)-(n-b)),C=matrix(nf+1,nf+1));"
" for(j=1,nf+1,for(i=1,nf,C[i,j]=U[j][i]*2^(n-b-xb[i]+S));"
" C[nf+1,j]=U[j][nf+1]*2^S);C;\n"
"islll(C)=my(d=#C,Bs=vector(d),mu=matrix(d,d),B2=vector(d));"
" for(k=1,d,my(v=C[,k]);for(j=1,k-1,mu[k,j]=(C[,k]~*Bs[j])/B2[j];"
" v-=mu[k,j]*Bs[j]);Bs[k]=v;B2[k]=v~*v);"
" for(k=2,d,for(j=1,k-1,if(abs(mu[k,j])>51/100,return(0)));"
" if(B2[k]<(99/100-mu[k,k-1]^2)*B2[k-1],return(0)));1;\n"
"linesum(u,e,X,W)=my(s=0.,tmax=W/if(e,abs(e),1/2));"
" for(i=1,#u,if(u[i]&&X[i]/abs(u[i])<tmax,tmax=X[i]/abs(u[i])));"
" for(t=1,ceil(tmax)-1,my(term=(W-t*abs(e))/W);"
" for(i=1,#u,term*=X[i]-t*abs(u[i]));if(term<=0,break);s+=term);s;\n"
"pred(n,b,xb,V)=my(nf=#xb,X=vector(nf,i,2^xb[i]),W=2^(n-b),K=prod(i=1,nf,X[i]),"
" M=2^b,pairs=0.);for(j=1,#V,my(u=V[j][1..nf]);if(u==0,next);"
" pairs+=2*linesum(u,V[j][nf+1],X,W));"
" (2*K+(K^2-K)/M+pairs)/2/((K*(1-1/M)+K^2/M+K)/2);\n"
"units(n,b,xb,C)=my(nf=#xb,S=max(0,vecmax(xb)-(n-b)));"
" vector(#C,j,concat(vector(nf,i,C[i,j]/2^(n-b-xb[i]+S)),[C[nf+1,j]/2^S]));\n"
"asset(V)=vecsort(vector(#V,j,if(V[j][1]<0||(V[j][1]==0&&"
"(V[j][2]<0||(V[j][2]==0&&V[j][#V[j]]<0))),-V[j],V[j])));\n"
"chk(id,n,b,xb,A,U,pc)=my(G=lat(n,b,xb,A),C=scaled(n,b,xb,U),d=#G,"
" same,red,Q,l1,m,g1,sb,pg,agree);"
" same=abs(matdet(C))==abs(matdet(G))&&denominator(matsolve(G,C))==1;"
" red=islll(C);Q=C~*C;m=vecmin(vector(d,j,Q[j,j]));"
" my(T=G*qflll(G));g1=T[,1]~*T[,1];"
" l1=T*qfminim(T~*T,,1,2)[3][,1];l1=l1~*l1;"
" sb=units(n,b,xb,T);agree=asset(sb)==asset(U);"
" pg=pred(n,b,xb,sb);"
" print(id,\" \",same,\" \",red,\" \",m<=g1,\" \",m<=(4/(4*99/100-1))^(d-1)*l1,"
" \" \",m==l1,\" \",agree,\" \",if(agree,abs(pg-pc)<=1e-9*pc,1));\n";

typedef struct gp_case {
	unsigned n, b, nf, xb[LATTICE_MAX_FIELDS];
	lattice_layout lay;
	uint64_t p;
} gp_case;

/* The field ranges of a cell: 2^4 each, then b + l - 4 nf bits more at
 * random, each field at most its width; 0 when they do not fit. */
static int pick_xb(gp_case *c, unsigned l, uint64_t *s)
{
	unsigned i, left, guard = 0;

	if (c->b + l < 4 * c->nf)
		return 0;
	left = c->b + l - 4 * c->nf;
	for (i = 0; i < c->nf; i++)
		c->xb[i] = 4;
	while (left && guard++ < 1000) {
		unsigned f = (unsigned)(mix(s) % c->nf);
		unsigned w = (f ? c->lay.shift[f - 1] : c->n) - c->lay.shift[f];
		if (c->xb[f] < w) {
			c->xb[f]++;
			left--;
		}
	}
	return left == 0;
}

Test(lattice_gp, reduction_agrees_with_qflll)
{
	char path[] = "/tmp/cfx_lattice_gp_XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL, *in;
	uint64_t s = 0x1a771ce5ULL;
	gp_case cs[CASES];
	size_t k, made = 0, seen = 0, minimum = 0, agree = 0;
	char cmd[128], line[256];

	cr_assert(f, "temporary file");
	fputs(gp_lib, f);
	for (k = 0; k < CASES; k++) {
		gp_case *c = &cs[k];
		lattice_layout fixed[4];
		int64_t basis[LATTICE_MAX_FIELDS + 1][LATTICE_MAX_FIELDS + 1], vec[4];
		unsigned i, j;
		double pc;

		memset(c, 0, sizeof *c);
		c->n = k % 2 ? 64 : 32;
		c->p = (mix(&s) & tmask(c->n)) | 1;
		if (k % 3) {                 /* two fields at a random offset */
			c->lay.nf = 2;
			c->lay.shift[0] = 4 + (unsigned)(mix(&s) % (c->n - 7));
			c->lay.shift[1] = 0;
		} else {
			size_t nl = lattice_fixed(c->n, fixed);
			c->lay = fixed[mix(&s) % nl];
		}
		c->nf = c->lay.nf;
		c->b = 4 + (unsigned)(mix(&s) % 17);
		if (!pick_xb(c, (unsigned)(mix(&s) % 4), &s) ||
		    lattice_reduce(c->p, c->n, &c->lay, c->xb, c->b, basis) < 0)
			continue;
		pc = lattice_predict(c->p, c->n, &c->lay, c->xb, c->b, vec);
		fprintf(f, "chk(%zu,%u,%u,[", k, c->n, c->b);
		for (i = 0; i < c->nf; i++)
			fprintf(f, "%s%u", i ? "," : "", c->xb[i]);
		fprintf(f, "],[");
		for (i = 0; i < c->nf; i++)
			fprintf(f, "%s%" PRIu64, i ? "," : "",
			        ((uint64_t)1 << c->lay.shift[i]) * c->p & tmask(c->n));
		fprintf(f, "],[");
		for (j = 0; j <= c->nf; j++) {
			fprintf(f, "%s[", j ? "," : "");
			for (i = 0; i <= c->nf; i++)
				fprintf(f, "%s%" PRId64, i ? "," : "", basis[j][i]);
			fprintf(f, "]");
		}
		fprintf(f, "],%.17g)\n", pc);
		made++;
	}
	fclose(f);
	cr_assert(made >= CASES * 2 / 3, "only %zu cells made", made);
	snprintf(cmd, sizeof cmd, "gp -q -f -s 64000000 < %s", path);
	in = popen(cmd, "r");
	cr_assert(in, "gp runs");
	while (fgets(line, sizeof line, in)) {
		unsigned long id;
		int same, red, le_g, bound, is_min, ag, pred_ok;
		if (sscanf(line, "%lu %d %d %d %d %d %d %d", &id, &same, &red, &le_g,
		           &bound, &is_min, &ag, &pred_ok) != 8)
			continue;
		seen++;
		cr_expect(same, "cell %lu: the basis spans another lattice", id);
		cr_expect(red, "cell %lu: not LLL-reduced (0.99, 0.51)", id);
		cr_expect(le_g, "cell %lu: longer than qflll's first vector", id);
		cr_expect(bound, "cell %lu: beyond LLL's bound of the minimum", id);
		cr_expect(pred_ok, "cell %lu: predicted R differs from gp's sum "
		          "over the same basis", id);
		minimum += is_min;
		agree += ag;
	}
	pclose(in);
	unlink(path);
	cr_assert_eq(seen, made, "gp answered %zu of %zu cells", seen, made);
	/* LLL need not find the minimum; in 2-4 fields it almost always does */
	cr_expect(minimum * 100 >= seen * 95, "the minimum in %zu of %zu",
	          minimum, seen);
	/* the prediction was compared where the bases agree: most cells */
	cr_expect(agree * 2 >= seen, "bases agree in %zu of %zu", agree, seen);
	fprintf(stderr, "lattice_gp: %zu cells; minimum found in %zu; the same "
	        "basis as qflll in %zu\n", seen, minimum, agree);
}

/* Two fields collapse through c x + y (p = d (2^h - c)^-1): short in the
 * rank-3 lattice, while the rank-2 one of field x alone (keys k 2^h, what
 * Lagrange-Gauss on one field would see) has no vector half as short. */
Test(lattice_gp, two_fields_need_rank_three)
{
	static const unsigned hs[] = { 13, 23, 29, 37 };
	static const uint64_t cs[] = { 3, 5, 7, 11 };
	size_t i;

	for (i = 0; i < sizeof hs / sizeof *hs; i++) {
		uint64_t x = ((uint64_t)1 << hs[i]) - cs[i], inv = x, p;
		lattice_layout lay = { 2, { hs[i], 0, 0, 0 } };
		unsigned xb[2] = { 10, 10 }, b = 20, j;
		int64_t basis[LATTICE_MAX_FIELDS + 1][LATTICE_MAX_FIELDS + 1], vec[4];
		char cmd[512], out[128];
		FILE *g;
		double pc;

		for (j = 0; j < 6; j++)
			inv *= 2 - x * inv;
		p = (12345 * inv) | 1;
		cr_assert_eq(lattice_reduce(p, 64, &lay, xb, b, basis), 0);
		pc = lattice_predict(p, 64, &lay, xb, b, vec);
		cr_expect(vec[0] != 0 && vec[1] != 0, "h %u: vector (%lld,%lld)",
		          hs[i], (long long)vec[0], (long long)vec[1]);
		cr_expect(pc > 4, "h %u: predicted R %g", hs[i], pc);
		/* gp: the shortest vector of the cell's rank-3 lattice and of
		 * field x's rank-2 one, in the cube's scale (2^-10 per u, 2^-44
		 * per e), as squared lengths */
		snprintf(cmd, sizeof cmd, "echo 'A=(2^%u*%" PRIu64 ")%%2^64;"
		         "B=%" PRIu64 ";G3=[2^34,0,0;0,2^34,0;A,B,2^64];"
		         "G2=[2^34,0;A,2^64];T3=G3*qflll(G3);T2=G2*qflll(G2);"
		         "print(qfminim(T3~*T3,,1,2)[2],\" \","
		         "qfminim(T2~*T2,,1,2)[2])' | gp -q -f", hs[i], p, p);
		g = popen(cmd, "r");
		cr_assert(g && fgets(out, sizeof out, g), "gp answers");
		pclose(g);
		{
			double m3 = 0, m2 = 0;
			cr_assert_eq(sscanf(out, "%lf %lf", &m3, &m2), 2, "gp: %s", out);
			cr_expect(m2 > 4 * m3, "h %u: rank 2 as short (%g vs %g)", hs[i],
			          m2, m3);
		}
	}
}
