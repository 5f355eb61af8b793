/* A random Verso playout in C, for one measurement only: how fast a compiled
 * playout kernel would be (see verso_compiled_playout.py). Not used by
 * boardgames. Boards up to 8x8 (64 points, one machine word), flip=choice.
 * The same rules as games/verso/rules.py Verso.playout: random placements,
 * then random steps; each imprisoning line flips one random piece of its run;
 * five in a row wins; a player who cannot step passes; a draw at the
 * moving-phase cap or when neither player can step. */
#include <stdint.h>

typedef uint64_t u64;

static u64 state;
static int amount[8];
static u64 keep[8], full, beside[64];

static inline u64 next64(void) { /* xorshift64* */
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
}

static inline int random_bit(u64 m) {
    int k = (int)((next64() >> 33) % (u64)__builtin_popcountll(m));
    while (k--) m &= m - 1;
    return __builtin_ctzll(m);
}

static inline u64 shift(u64 m, int d) {
    m &= keep[d];
    return amount[d] > 0 ? m << amount[d] : m >> -amount[d];
}

static inline u64 orthogonal(u64 m) { return shift(m, 0) | shift(m, 2) | shift(m, 4) | shift(m, 6); }

static int has_five(u64 m) {
    for (int d = 0; d < 4; d++) {
        u64 run = m;
        for (int k = 0; k < 4; k++) run = shift(run, d) & m;
        if (run) return 1;
    }
    return 0;
}

/* side: points along each side; directions in the order of boardgames.geometry.DIRECTIONS. */
void setup(int side, u64 seed) {
    static const int df[8] = {1, 1, 0, -1, -1, -1, 0, 1}, dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    int size = side * side;
    full = size == 64 ? ~0ULL : (1ULL << size) - 1;
    state = seed | 1;
    for (int d = 0; d < 8; d++) {
        amount[d] = df[d] * side + dr[d];
        keep[d] = 0;
        for (int f = 0; f < side; f++)
            for (int r = 0; r < side; r++)
                if (f + df[d] >= 0 && f + df[d] < side && r + dr[d] >= 0 && r + dr[d] < side)
                    keep[d] |= 1ULL << (f * side + r);
    }
    for (int sq = 0; sq < size; sq++) beside[sq] = orthogonal(1ULL << sq);
}

/* The winner (0 or 1) or -1 for a draw. */
int playout(u64 b0, u64 b1, int me, int placed, int turns, int total, int cap) {
    u64 boards[2] = {b0, b1};
    for (;;) {
        u64 mine = boards[me], theirs = boards[1 - me], empty = full & ~(mine | theirs);
        int origin = -1, to = -1;
        if (placed < total) {
            to = random_bit(empty);
        } else {
            u64 movable = mine & orthogonal(empty);
            if (movable) {
                origin = random_bit(movable);
                to = random_bit(beside[origin] & empty);
            }
        }
        if (to >= 0) {
            u64 flips = 0;
            for (int d = 0; d < 8; d++) {
                u64 x = shift(1ULL << to, d), run = 0;
                while (x & theirs) {
                    run |= x;
                    x = shift(x, d);
                }
                if (run && (x & mine)) flips |= 1ULL << random_bit(run);
            }
            mine = (mine | 1ULL << to | flips) & ~(origin >= 0 ? 1ULL << origin : 0);
            theirs &= ~flips;
            boards[me] = mine;
            boards[1 - me] = theirs;
            if (has_five(mine)) return me;
        }
        if (placed < total) placed++;
        else turns++;
        if (placed == total) {
            u64 occupied = boards[0] | boards[1];
            if (turns >= cap || !(occupied & orthogonal(full & ~occupied))) return -1;
        }
        me = 1 - me;
    }
}
