//! The forward pass's matrix products: `C = alpha * A * B (+ C)`, cache-blocked, with both
//! operands packed into panels and a register-tiled micro-kernel, whose packing buffers the
//! caller owns ([`Packing`], made once with the evaluator's other buffers), so that a
//! product allocates nothing.
//!
//! The blocking is the usual one (Goto and van de Geijn's): B is taken `KC` rows by `NC`
//! columns at a time and packed into panels `NR` columns wide, A `MC` rows by `KC` columns
//! at a time into panels `MR` rows tall, and the micro-kernel computes an `MR` x `NR` tile
//! of C from one panel of each, with the tile in registers. Edges are packed with zeros and
//! written back through a small buffer.
//!
//! Micro-kernels, chosen when the buffers are made: on x86-64 with AVX-512, six rows of one
//! vector of sixteen floats, two steps at a time into twelve accumulators; with AVX2 and
//! FMA, six rows of two vectors of eight, twelve accumulators; elsewhere a portable kernel in
//! plain Rust over the same panels, which the compiler vectorises for the machine it
//! targets. All three read the same packed panels.

/// Rows of C one micro-kernel call computes.
pub const MR: usize = 6;
/// Columns of C one micro-kernel call computes.
pub const NR: usize = 16;
/// Rows of B (columns of A) packed at a time: a panel of B (`KC` x `NR`) stays in the
/// first-level cache while the kernel runs down a block of A.
const KC: usize = 256;
/// Most rows of A packed at a time (a multiple of `MR`): the packed block of A stays in the
/// second-level cache.
const MC: usize = 144;
/// Most columns of B packed at a time (a multiple of `NR`).
const NC: usize = 1024;

/// Which micro-kernel runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kernel {
    /// Plain Rust, on any machine.
    Portable,
    /// AVX2 and FMA intrinsics (checked present at run time).
    #[cfg(target_arch = "x86_64")]
    Avx2Fma,
    /// AVX-512 intrinsics (checked present at run time).
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernel {
    /// The fastest kernel this machine runs.
    fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("avx512f") {
                return Kernel::Avx512;
            }
            if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
                return Kernel::Avx2Fma;
            }
        }
        Kernel::Portable
    }

    /// Every kernel this machine runs.
    #[cfg(test)]
    fn available() -> Vec<Kernel> {
        let mut all = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
                all.push(Kernel::Avx2Fma);
            }
            if is_x86_feature_detected!("avx512f") {
                all.push(Kernel::Avx512);
            }
        }
        all
    }
}

/// The packing buffers of the matrix products, and the micro-kernel chosen for the machine.
/// Any product fits: the block sizes are the buffers' own, chosen when they are made.
#[derive(Clone, Debug)]
pub struct Packing {
    kernel: Kernel,
    /// Rows of B packed at a time.
    kc: usize,
    /// Most rows of A packed at a time (a multiple of `MR`).
    mc: usize,
    /// Most columns of B packed at a time (a multiple of `NR`).
    nc: usize,
    /// A block of A, `mc / MR` panels of `kc` x `MR`.
    a: Aligned,
    /// A block of B, `nc / NR` panels of `kc` x `NR`.
    b: Aligned,
}

/// A buffer of floats starting on a cache line, so that the kernels' vector loads never
/// straddle two lines.
#[derive(Clone, Debug)]
struct Aligned {
    data: Vec<f32>,
    /// Where the aligned part starts in `data`.
    start: usize,
    len: usize,
}

/// The cache line, in floats.
const LINE: usize = 16;

impl Aligned {
    fn new(len: usize) -> Aligned {
        let data = vec![0.0f32; len + LINE];
        let start = data.as_ptr().align_offset(4 * LINE).min(LINE);
        Aligned { data, start, len }
    }

    fn get(&self) -> &[f32] {
        &self.data[self.start..self.start + self.len]
    }

    fn get_mut(&mut self) -> &mut [f32] {
        &mut self.data[self.start..self.start + self.len]
    }
}

/// `x` rounded up to a multiple of `m`.
fn round_up(x: usize, m: usize) -> usize {
    x.div_ceil(m) * m
}

impl Packing {
    /// Buffers for products of up to `rows` rows of C, `depth` columns of A and `cols`
    /// columns of C; larger products are computed too, in more blocks.
    pub fn new(rows: usize, depth: usize, cols: usize) -> Packing {
        Packing::with_kernel(Kernel::detect(), rows, depth, cols)
    }

    fn with_kernel(kernel: Kernel, rows: usize, depth: usize, cols: usize) -> Packing {
        let kc = depth.clamp(1, KC);
        let mc = round_up(rows.max(1), MR).min(MC);
        let nc = round_up(cols.max(1), NR).min(NC);
        Packing {
            kernel,
            kc,
            mc,
            nc,
            a: Aligned::new(mc * kc),
            b: Aligned::new(kc * nc),
        }
    }
}

/// A matrix read from a slice: element `(i, j)` is `data[i * row_stride + j * col_stride]`.
#[derive(Clone, Copy, Debug)]
pub struct Matrix<'a> {
    /// The elements.
    pub data: &'a [f32],
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Distance between rows.
    pub row_stride: usize,
    /// Distance between columns.
    pub col_stride: usize,
}

impl<'a> Matrix<'a> {
    /// The `rows` x `cols` matrix stored row by row at the start of `data`.
    pub fn row_major(data: &'a [f32], rows: usize, cols: usize) -> Matrix<'a> {
        Matrix {
            data,
            rows,
            cols,
            row_stride: cols,
            col_stride: 1,
        }
    }

    /// The transpose (no copy).
    pub fn t(self) -> Matrix<'a> {
        Matrix {
            rows: self.cols,
            cols: self.rows,
            row_stride: self.col_stride,
            col_stride: self.row_stride,
            ..self
        }
    }

    /// True when every element lies in `data`.
    fn fits(&self) -> bool {
        self.rows == 0
            || self.cols == 0
            || (self.rows - 1) * self.row_stride + (self.cols - 1) * self.col_stride
                < self.data.len()
    }

    /// Element `(i, j)`, which must lie in `data` ([`Matrix::fits`]).
    #[inline(always)]
    fn at(&self, i: usize, j: usize) -> f32 {
        let at = i * self.row_stride + j * self.col_stride;
        debug_assert!(i < self.rows && j < self.cols && at < self.data.len());
        // SAFETY: every element of a matrix that fits lies in `data`; the packing reads
        // only elements of the matrix.
        unsafe { *self.data.get_unchecked(at) }
    }
}

/// A matrix packed once into the kernels' panels of B, for the many products that multiply
/// by it (a layer's weights): those products read it as it is and pack only A.
#[derive(Clone)]
pub struct Packed {
    /// Rows.
    rows: usize,
    /// Columns.
    cols: usize,
    /// Blocks of `KC` rows (the last one shorter), each `cols` rounded up to `NR` columns in
    /// panels of `NR`: block `pc / KC` starts at `pc * round_up(cols, NR)`.
    data: Aligned,
}

impl std::fmt::Debug for Packed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Packed({} x {})", self.rows, self.cols)
    }
}

impl Packed {
    /// `b` packed.
    pub fn new(b: Matrix<'_>) -> Packed {
        assert!(b.fits(), "a matrix beyond its slice");
        let width = round_up(b.cols, NR);
        let mut data = Aligned::new(b.rows * width);
        for pc in (0..b.rows).step_by(KC) {
            let kb = KC.min(b.rows - pc);
            pack_b(&mut data.get_mut()[pc * width..], &b, pc, kb, 0, b.cols);
        }
        Packed {
            rows: b.rows,
            cols: b.cols,
            data,
        }
    }

    /// The `rows` x `cols` matrix stored row by row in `data`, packed.
    pub fn row_major(data: &[f32], rows: usize, cols: usize) -> Packed {
        Packed::new(Matrix::row_major(data, rows, cols))
    }
}

/// Checks the dimensions of a product of `a` by a `k` x `n` matrix into `c`; false when it
/// has nothing to compute (after zeroing C when it is to be overwritten and `k` is 0).
fn prepare(
    a: &Matrix<'_>,
    k: usize,
    n: usize,
    c: &mut [f32],
    c_stride: usize,
    accumulate: bool,
) -> bool {
    let m = a.rows;
    assert_eq!(a.cols, k, "inner dimensions");
    assert!(a.fits(), "a matrix beyond its slice");
    if m == 0 || n == 0 {
        return false;
    }
    assert!(
        n <= c_stride && (m - 1) * c_stride + n <= c.len(),
        "C beyond its slice"
    );
    if k == 0 {
        if !accumulate {
            for row in c.chunks_mut(c_stride).take(m) {
                row[..n].fill(0.0);
            }
        }
        return false;
    }
    true
}

/// `C = alpha * A * B`, plus C's previous contents when `accumulate`; C is `a.rows` x
/// `b.cols`, row `i` at `c[i * c_stride..]`. Allocates nothing.
///
/// # Panics
/// When the inner dimensions differ or a matrix does not lie in its slice.
pub fn gemm(
    p: &mut Packing,
    alpha: f32,
    a: Matrix<'_>,
    b: Matrix<'_>,
    c: &mut [f32],
    c_stride: usize,
    accumulate: bool,
) {
    let (k, n) = (a.cols, b.cols);
    assert_eq!(k, b.rows, "inner dimensions");
    assert!(b.fits(), "a matrix beyond its slice");
    if !prepare(&a, k, n, c, c_stride, accumulate) {
        return;
    }
    let (kc, nc) = (p.kc, p.nc);
    for jc in (0..n).step_by(nc) {
        let nb = nc.min(n - jc);
        for pc in (0..k).step_by(kc) {
            let kb = kc.min(k - pc);
            pack_b(p.b.get_mut(), &b, pc, kb, jc, nb);
            let block = Block {
                pc,
                kb,
                jc,
                nb,
                alpha,
                accumulate: accumulate || pc > 0,
            };
            block.run(p.kernel, p.mc, &mut p.a, &a, p.b.get(), c, c_stride);
        }
    }
}

/// `C = A * B`, plus C's previous contents when `accumulate`, with B packed beforehand; as
/// [`gemm`] otherwise.
pub fn gemm_packed(
    p: &mut Packing,
    a: Matrix<'_>,
    b: &Packed,
    c: &mut [f32],
    c_stride: usize,
    accumulate: bool,
) {
    let (k, n) = (b.rows, b.cols);
    if !prepare(&a, k, n, c, c_stride, accumulate) {
        return;
    }
    let width = round_up(n, NR);
    for pc in (0..k).step_by(KC) {
        let kb = KC.min(k - pc);
        let block = Block {
            pc,
            kb,
            jc: 0,
            nb: n,
            alpha: 1.0,
            accumulate: accumulate || pc > 0,
        };
        let panels = &b.data.get()[pc * width..pc * width + width * kb];
        block.run(p.kernel, p.mc, &mut p.a, &a, panels, c, c_stride);
    }
}

/// A block of a product: rows `pc..pc + kb` of B (columns of A), columns `jc..jc + nb` of
/// B and C.
struct Block {
    pc: usize,
    kb: usize,
    jc: usize,
    nb: usize,
    alpha: f32,
    /// Add to C's contents rather than overwrite them.
    accumulate: bool,
}

impl Block {
    /// Multiplies all of A's rows, packed `mc` rows at a time into `buf`, by the block of B
    /// packed into `panels`, into C.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        kernel: Kernel,
        mc: usize,
        buf: &mut Aligned,
        a: &Matrix<'_>,
        panels: &[f32],
        c: &mut [f32],
        c_stride: usize,
    ) {
        let (m, kb) = (a.rows, self.kb);
        // The most rows the buffer holds at this depth, then blocks of even height.
        let most = (mc.min(buf.len / kb) / MR) * MR;
        assert!(most >= MR, "packing buffers too small");
        let mc = round_up(m.div_ceil(m.div_ceil(most)), MR);
        for ic in (0..m).step_by(mc) {
            let mb = mc.min(m - ic);
            pack_a(buf.get_mut(), a, ic, mb, self.pc, kb);
            let packed = buf.get();
            for jr in (0..self.nb).step_by(NR) {
                let nr = NR.min(self.nb - jr);
                let bp = &panels[jr * kb..(jr + NR) * kb];
                for ir in (0..mb).step_by(MR) {
                    let mr = MR.min(mb - ir);
                    let ap = &packed[ir * kb..(ir + MR) * kb];
                    let at = (ic + ir) * c_stride + self.jc + jr;
                    let tile = Tile {
                        rows: mr,
                        cols: nr,
                        stride: c_stride,
                        alpha: self.alpha,
                        accumulate: self.accumulate,
                    };
                    tile.check(&c[at..]);
                    // SAFETY: `ap` and `bp` hold `kb` steps of MR and NR floats (the slicing
                    // above checks it), `tile.check` that the tile lies in `c`.
                    unsafe { run_kernel(kernel, kb, ap, bp, c[at..].as_mut_ptr(), tile) };
                }
            }
        }
    }
}

/// Packs rows `ic..ic + mb`, columns `pc..pc + kb` of `a` into panels of MR rows: panel `r`
/// holds, for each column in turn, its MR rows (zeros past the last row).
fn pack_a(buf: &mut [f32], a: &Matrix<'_>, ic: usize, mb: usize, pc: usize, kb: usize) {
    for (r, panel) in buf[..round_up(mb, MR) * kb]
        .chunks_exact_mut(MR * kb)
        .enumerate()
    {
        let i0 = ic + r * MR;
        let rows = MR.min(ic + mb - i0);
        if rows == MR && a.col_stride == 1 {
            // Six rows read side by side, each contiguous.
            let row = |i: usize| {
                let at = (i0 + i) * a.row_stride + pc;
                &a.data[at..at + kb]
            };
            let (r0, r1, r2, r3, r4, r5) = (row(0), row(1), row(2), row(3), row(4), row(5));
            for (kk, step) in panel.chunks_exact_mut(MR).enumerate() {
                let step: &mut [f32; MR] = step.try_into().expect("MR floats");
                *step = [r0[kk], r1[kk], r2[kk], r3[kk], r4[kk], r5[kk]];
            }
            continue;
        }
        for (kk, step) in panel.chunks_exact_mut(MR).enumerate() {
            for (i, x) in step.iter_mut().enumerate() {
                *x = if i < rows { a.at(i0 + i, pc + kk) } else { 0.0 };
            }
        }
    }
}

/// Packs rows `pc..pc + kb`, columns `jc..jc + nb` of `b` into panels of NR columns: panel
/// `r` holds, for each row in turn, its NR columns (zeros past the last column).
fn pack_b(buf: &mut [f32], b: &Matrix<'_>, pc: usize, kb: usize, jc: usize, nb: usize) {
    for (r, panel) in buf[..round_up(nb, NR) * kb]
        .chunks_exact_mut(NR * kb)
        .enumerate()
    {
        let j0 = jc + r * NR;
        let cols = NR.min(jc + nb - j0);
        for (kk, step) in panel.chunks_exact_mut(NR).enumerate() {
            let row = pc + kk;
            if cols == NR && b.col_stride == 1 {
                let at = row * b.row_stride + j0;
                let step: &mut [f32; NR] = step.try_into().expect("NR floats");
                *step = b.data[at..at + NR].try_into().expect("NR floats");
            } else {
                for (j, x) in step.iter_mut().enumerate() {
                    *x = if j < cols { b.at(row, j0 + j) } else { 0.0 };
                }
            }
        }
    }
}

/// Where and how a micro-kernel writes its tile of C.
#[derive(Clone, Copy, Debug)]
struct Tile {
    /// Rows of the tile that are in C (at most MR).
    rows: usize,
    /// Columns of the tile that are in C (at most NR).
    cols: usize,
    /// Distance between rows of C.
    stride: usize,
    alpha: f32,
    /// Add to C's contents rather than overwrite them.
    accumulate: bool,
}

impl Tile {
    /// Panics unless the tile lies in `c` (which starts at its first element).
    fn check(&self, c: &[f32]) {
        assert!(self.rows >= 1 && self.rows <= MR && self.cols >= 1 && self.cols <= NR);
        assert!((self.rows - 1) * self.stride + self.cols <= c.len());
    }

    /// Writes the computed `ab` (MR x NR, row by row) into C at `c`.
    ///
    /// # Safety
    /// The tile lies in the memory at `c` ([`Tile::check`]).
    #[inline(always)]
    unsafe fn write(&self, ab: &[f32; MR * NR], c: *mut f32) {
        for i in 0..self.rows {
            for j in 0..self.cols {
                // SAFETY: inside the tile, which the caller vouches for.
                let x = unsafe { &mut *c.add(i * self.stride + j) };
                let v = self.alpha * ab[i * NR + j];
                *x = if self.accumulate { *x + v } else { v };
            }
        }
    }
}

/// Runs `kernel` over `kb` steps of the panels `ap` and `bp`, writing its tile at `c`.
///
/// # Safety
/// `ap` holds `kb * MR` floats, `bp` `kb * NR`, and the tile lies in the memory at `c`.
#[inline(always)]
unsafe fn run_kernel(kernel: Kernel, kb: usize, ap: &[f32], bp: &[f32], c: *mut f32, tile: Tile) {
    match kernel {
        Kernel::Portable => {
            // SAFETY: as this function's.
            unsafe { portable(kb, ap, bp, c, tile) }
        }
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2Fma => {
            // SAFETY: the kernel is chosen only where AVX2 and FMA are present; the
            // rest as this function's.
            unsafe { avx2::kernel(kb, ap.as_ptr(), bp.as_ptr(), c, tile) }
        }
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512 => {
            // SAFETY: the kernel is chosen only where AVX-512 is present; the rest as this
            // function's.
            unsafe { avx512::kernel(kb, ap.as_ptr(), bp.as_ptr(), c, tile) }
        }
    }
}

/// The portable micro-kernel.
///
/// # Safety
/// The tile lies in the memory at `c`.
unsafe fn portable(kb: usize, ap: &[f32], bp: &[f32], c: *mut f32, tile: Tile) {
    let mut ab = [0.0f32; MR * NR];
    for (a, b) in ap[..kb * MR]
        .chunks_exact(MR)
        .zip(bp[..kb * NR].chunks_exact(NR))
    {
        for (i, &x) in a.iter().enumerate() {
            for (acc, &y) in ab[i * NR..(i + 1) * NR].iter_mut().zip(b) {
                *acc += x * y;
            }
        }
    }
    // SAFETY: as this function's.
    unsafe { tile.write(&ab, c) }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{Tile, MR, NR};
    use std::arch::x86_64::*;

    /// The AVX2 and FMA micro-kernel: six rows of two vectors of eight, in registers.
    ///
    /// # Safety
    /// The CPU has AVX2 and FMA; `a` holds `kb * MR` floats, `b` `kb * NR`, and the tile
    /// lies in the memory at `c`.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn kernel(kb: usize, a: *const f32, b: *const f32, c: *mut f32, tile: Tile) {
        const _: () = assert!(MR == 6 && NR == 16);
        let mut acc = [[_mm256_setzero_ps(); 2]; MR];
        let (mut a, mut b) = (a, b);
        // SAFETY (the loads): the panels hold `kb` steps, which the pointers walk through.
        unsafe {
            for _ in 0..kb {
                let b0 = _mm256_loadu_ps(b);
                let b1 = _mm256_loadu_ps(b.add(8));
                for (i, row) in acc.iter_mut().enumerate() {
                    let x = _mm256_broadcast_ss(&*a.add(i));
                    row[0] = _mm256_fmadd_ps(x, b0, row[0]);
                    row[1] = _mm256_fmadd_ps(x, b1, row[1]);
                }
                a = a.add(MR);
                b = b.add(NR);
            }
        }
        let alpha = _mm256_set1_ps(tile.alpha);
        if tile.rows == MR && tile.cols == NR {
            for (i, row) in acc.iter().enumerate() {
                for (h, &v) in row.iter().enumerate() {
                    // SAFETY: a full tile, which lies in C.
                    unsafe {
                        let at = c.add(i * tile.stride + 8 * h);
                        let mut v = _mm256_mul_ps(alpha, v);
                        if tile.accumulate {
                            v = _mm256_add_ps(v, _mm256_loadu_ps(at));
                        }
                        _mm256_storeu_ps(at, v);
                    }
                }
            }
        } else {
            let mut ab = [0.0f32; MR * NR];
            for (i, row) in acc.iter().enumerate() {
                for (h, &v) in row.iter().enumerate() {
                    // SAFETY: inside `ab`.
                    unsafe { _mm256_storeu_ps(ab.as_mut_ptr().add(i * NR + 8 * h), v) };
                }
            }
            // SAFETY: as this function's.
            unsafe { tile.write(&ab, c) }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::{Tile, MR, NR};
    use std::arch::x86_64::*;

    /// The AVX-512 micro-kernel: six rows of one vector of sixteen, two steps at a time
    /// into two sets of accumulators (twelve chains of products in flight), added at the
    /// end.
    ///
    /// # Safety
    /// The CPU has AVX-512F; `a` holds `kb * MR` floats, `b` `kb * NR`, and the tile lies
    /// in the memory at `c`.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn kernel(kb: usize, a: *const f32, b: *const f32, c: *mut f32, tile: Tile) {
        const _: () = assert!(MR == 6 && NR == 16);
        let mut even = [_mm512_setzero_ps(); MR];
        let mut odd = [_mm512_setzero_ps(); MR];
        let (mut a, mut b) = (a, b);
        // SAFETY (the loads): the panels hold `kb` steps, which the pointers walk through.
        unsafe {
            for _ in 0..kb / 2 {
                let b0 = _mm512_loadu_ps(b);
                let b1 = _mm512_loadu_ps(b.add(NR));
                for i in 0..MR {
                    even[i] = _mm512_fmadd_ps(_mm512_set1_ps(*a.add(i)), b0, even[i]);
                    odd[i] = _mm512_fmadd_ps(_mm512_set1_ps(*a.add(MR + i)), b1, odd[i]);
                }
                a = a.add(2 * MR);
                b = b.add(2 * NR);
            }
            if kb % 2 == 1 {
                let b0 = _mm512_loadu_ps(b);
                for (i, acc) in even.iter_mut().enumerate() {
                    *acc = _mm512_fmadd_ps(_mm512_set1_ps(*a.add(i)), b0, *acc);
                }
            }
        }
        let alpha = _mm512_set1_ps(tile.alpha);
        let mut ab = [0.0f32; MR * NR];
        for (i, (&e, &o)) in even.iter().zip(&odd).enumerate() {
            let v = _mm512_mul_ps(alpha, _mm512_add_ps(e, o));
            if tile.rows == MR && tile.cols == NR {
                // SAFETY: a full tile, which lies in C.
                unsafe {
                    let at = c.add(i * tile.stride);
                    let v = if tile.accumulate {
                        _mm512_add_ps(v, _mm512_loadu_ps(at))
                    } else {
                        v
                    };
                    _mm512_storeu_ps(at, v);
                }
            } else {
                // SAFETY: inside `ab`.
                unsafe { _mm512_storeu_ps(ab.as_mut_ptr().add(i * NR), v) };
            }
        }
        if tile.rows != MR || tile.cols != NR {
            let whole = Tile { alpha: 1.0, ..tile };
            // SAFETY: as this function's.
            unsafe { whole.write(&ab, c) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A naive triple loop.
    fn naive(
        alpha: f32,
        a: &Matrix<'_>,
        b: &Matrix<'_>,
        c: &mut [f32],
        c_stride: usize,
        accumulate: bool,
    ) {
        for i in 0..a.rows {
            for j in 0..b.cols {
                let mut s = 0.0f64;
                for k in 0..a.cols {
                    s += a.at(i, k) as f64 * b.at(k, j) as f64;
                }
                let x = &mut c[i * c_stride + j];
                *x = alpha * s as f32 + if accumulate { *x } else { 0.0 };
            }
        }
    }

    /// Numbers in [-1, 1) from a seed.
    fn numbers(count: usize, seed: u64) -> Vec<f32> {
        let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        (0..count)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                (s >> 40) as f32 / (1u64 << 23) as f32 - 1.0
            })
            .collect()
    }

    fn kernels() -> Vec<Kernel> {
        Kernel::available()
    }

    /// Checks every kernel against the triple loop on an `m` x `k` by `k` x `n` product,
    /// with `b` stored transposed when `b_transposed`, C with spare columns, both overwriting
    /// and accumulating, with buffers made for `buffers` = (rows, depth, cols).
    fn check(m: usize, k: usize, n: usize, b_transposed: bool, buffers: (usize, usize, usize)) {
        let a_data = numbers(m * k, 1 + (m * 31 + k) as u64);
        let b_data = numbers(k * n, 2 + (k * 17 + n) as u64);
        let a = Matrix::row_major(&a_data, m, k);
        let b = if b_transposed {
            Matrix::row_major(&b_data, n, k).t()
        } else {
            Matrix::row_major(&b_data, k, n)
        };
        let stride = n + 3;
        let start = numbers(m * stride, 3);
        for kernel in kernels() {
            for (alpha, accumulate) in [(1.0, false), (0.5, true), (1.0, true)] {
                let mut want = start.clone();
                naive(alpha, &a, &b, &mut want, stride, accumulate);
                let mut got = start.clone();
                let (rows, depth, cols) = buffers;
                let mut p = Packing::with_kernel(kernel, rows, depth, cols);
                gemm(&mut p, alpha, a, b, &mut got, stride, accumulate);
                let close = |got: &[f32], how: &str| {
                    for (i, (x, y)) in got.iter().zip(&want).enumerate() {
                        let tolerance = 1e-5 * (1.0 + k as f32).sqrt() * (1.0 + y.abs());
                        assert!(
                            (x - y).abs() <= tolerance,
                            "{kernel:?} {how} {m}x{k}x{n} transposed {b_transposed} at {i}: \
                             {x} against {y}"
                        );
                    }
                };
                close(&got, "gemm");
                if alpha == 1.0 && buffers == (m, k, n) {
                    let mut got = start.clone();
                    gemm_packed(&mut p, a, &Packed::new(b), &mut got, stride, accumulate);
                    close(&got, "gemm_packed");
                }
            }
        }
    }

    #[test]
    fn products_agree_with_a_triple_loop() {
        for &(m, k, n) in &[
            (1, 1, 1),
            (1, 7, 1),
            (6, 1, 16),
            (5, 3, 17),
            (7, 9, 15),
            (13, 33, 31),
            (81, 22, 384),
            (37, 700, 21),
            (150, 260, 40),
            (2, 1100, 3),
        ] {
            for transposed in [false, true] {
                check(m, k, n, transposed, (m, k, n));
                // Buffers smaller than the product: more blocks.
                check(m, k, n, transposed, (1, 1, 1));
            }
        }
    }

    #[test]
    fn an_empty_inner_dimension_gives_zeros_or_leaves_c() {
        let mut p = Packing::new(4, 4, 4);
        let a = Matrix::row_major(&[], 2, 0);
        let b = Matrix::row_major(&[], 0, 3);
        let mut c = vec![1.0; 6];
        gemm(&mut p, 1.0, a, b, &mut c, 3, true);
        assert_eq!(c, vec![1.0; 6]);
        gemm(&mut p, 1.0, a, b, &mut c, 3, false);
        assert_eq!(c, vec![0.0; 6]);
    }
}
