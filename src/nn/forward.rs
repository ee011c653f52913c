//! The network's forward pass on the CPU, in KataGo's order of operations.
//!
//! Activations are row-major `[point][channel]` matrices, one row per point of every board in
//! the batch, so each 1x1 convolution, dense layer and feed-forward block is one matrix
//! product ([`super::gemm`]) over the whole batch. Every buffer, the matrix products' packing
//! buffers included, lives in a [`Workspace`] made once for a board size and a batch size:
//! an evaluation allocates nothing.
//! The board is evaluated at its own size (no padding to 19x19): KataGo masks the padding out
//! of every layer, and its rotary position encoding only sees differences of positions, so the
//! numbers are the same.

use super::gemm::{gemm, gemm_packed, Matrix, Packing};
use super::model::{
    exp, Activation, AttentionBlock, Block, Conv, FfnBlock, GlobalPoolingBlock, MatBias, MatMul,
    Model, NestedBottleneckBlock, Norm, ResidualBlock, RmsNorm, Rope, TrunkTip,
};

/// The raw outputs of one evaluation, before KataGo's post-processing.
#[derive(Debug, Clone, Default)]
pub struct RawOutput {
    /// Policy logits per point (row-major over the board), blended with the optimistic policy.
    pub policy: Vec<f32>,
    /// The pass logit, blended the same way.
    pub pass: f32,
    /// Win, loss, no-result logits for the player to move.
    pub value: [f32; 3],
    /// Score mean, score spread, lead, variance time, short-term value and score errors (raw).
    pub score: [f32; 6],
    /// Ownership logits per point, for the player to move.
    pub ownership: Vec<f32>,
}

/// Preallocated buffers for evaluating batches of one board size.
pub struct Workspace {
    width: usize,
    height: usize,
    points: usize,
    batch: usize,
    /// The trunk, `[batch * points][trunk channels]`.
    trunk: Vec<f32>,
    /// Normalised copy of a block's input.
    normed: Vec<f32>,
    /// One narrow trunk per level of nested blocks.
    mids: Vec<Vec<f32>>,
    /// The outputs of side-by-side projections: queries, keys and values, or the
    /// feed-forward block's up and gate projections.
    wide: Vec<f32>,
    attended: Vec<f32>,
    scores: Vec<f32>,
    hidden: Vec<f32>,
    gate: Vec<f32>,
    shifted: Vec<f32>,
    conv_out: Vec<f32>,
    pooled: Vec<f32>,
    pooled_out: Vec<f32>,
    pass_hidden: Vec<f32>,
    /// RoPE cosines and sines, one table per attention block in traversal order:
    /// `[(point * kv_heads + kv_head) * pairs + pair]`.
    rope: Vec<(Vec<f32>, Vec<f32>)>,
    /// Head outputs, `[batch * points][policy channels]` and so on.
    policy_out: Vec<f32>,
    ownership_out: Vec<f32>,
    /// The matrix products' packing buffers.
    packing: Packing,
}

fn max_width(model: &Model) -> usize {
    fn conv(c: &Conv) -> usize {
        c.in_channels.max(c.out_channels)
    }
    fn mm(m: &MatMul) -> usize {
        m.in_channels.max(m.out_channels)
    }
    fn blocks(bs: &[Block]) -> usize {
        bs.iter()
            .map(|b| match b {
                Block::Residual(b) => conv(&b.conv1).max(conv(&b.conv2)),
                Block::GlobalPooling(b) => conv(&b.regular_conv)
                    .max(conv(&b.gpool_conv))
                    .max(mm(&b.gpool_to_bias))
                    .max(conv(&b.final_conv)),
                Block::NestedBottleneck(b) => conv(&b.pre_conv)
                    .max(blocks(&b.blocks))
                    .max(conv(&b.post_conv)),
                Block::Attention(b) => mm(&b.q).max(mm(&b.k)).max(mm(&b.v)).max(mm(&b.out)),
                Block::Ffn(b) => mm(&b.linear1).max(mm(&b.gate)).max(mm(&b.linear2)),
            })
            .max()
            .unwrap_or(0)
    }
    let t = &model.trunk;
    let p = &model.policy;
    let v = &model.value;
    [
        conv(&t.initial_conv),
        mm(&t.initial_matmul),
        blocks(&t.blocks),
        conv(&p.p1_conv),
        conv(&p.g1_conv),
        conv(&p.p2_conv),
        mm(&p.gpool_to_bias),
        mm(&p.pass_mul),
        conv(&v.v1_conv),
        mm(&v.v2_mul),
    ]
    .into_iter()
    .max()
    .unwrap_or(0)
}

/// The widest output of the side-by-side projections.
fn max_fused_width(blocks: &[Block]) -> usize {
    blocks
        .iter()
        .map(|b| match b {
            Block::NestedBottleneck(b) => max_fused_width(&b.blocks),
            Block::Attention(b) => b.qkv.out_channels,
            Block::Ffn(b) => b.up.out_channels,
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

fn nesting(blocks: &[Block]) -> usize {
    blocks
        .iter()
        .map(|b| match b {
            Block::NestedBottleneck(b) => 1 + nesting(&b.blocks),
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

fn collect_rope(
    blocks: &[Block],
    width: usize,
    height: usize,
    out: &mut Vec<(Vec<f32>, Vec<f32>)>,
) {
    for b in blocks {
        match b {
            Block::NestedBottleneck(b) => collect_rope(&b.blocks, width, height, out),
            Block::Attention(a) => out.push(rope_tables(a, width, height)),
            _ => {}
        }
    }
}

/// KataGo's RoPE tables (`TransformerAttentionDesc::computeRopeCosSin`), per key head.
fn rope_tables(a: &AttentionBlock, width: usize, height: usize) -> (Vec<f32>, Vec<f32>) {
    let pairs = a.q_head_dim / 2;
    let points = width * height;
    let mut cos = vec![0.0; a.kv_heads * pairs * points];
    let mut sin = vec![0.0; a.kv_heads * pairs * points];
    for h in 0..a.kv_heads {
        for p in 0..pairs {
            for y in 0..height {
                for x in 0..width {
                    let angle = match &a.rope {
                        Rope::None => 0.0,
                        Rope::Learned { freqs } => {
                            let fx = freqs[(h * pairs + p) * 2];
                            let fy = freqs[(h * pairs + p) * 2 + 1];
                            x as f32 * fx + y as f32 * fy
                        }
                        Rope::Fixed { theta } => {
                            let per_dim = pairs / 2;
                            let dim_half = (a.q_head_dim / 2) as f32;
                            if p < per_dim {
                                let freq = 1.0 / theta.powf((2 * p) as f32 / dim_half);
                                y as f32 * freq
                            } else {
                                let freq = 1.0 / theta.powf((2 * (p - per_dim)) as f32 / dim_half);
                                x as f32 * freq
                            }
                        }
                    };
                    let i = ((y * width + x) * a.kv_heads + h) * pairs + p;
                    cos[i] = angle.cos();
                    sin[i] = angle.sin();
                }
            }
        }
    }
    (cos, sin)
}

impl Workspace {
    /// Buffers for `batch` boards of `width` x `height` points under `model`.
    pub fn new(model: &Model, width: usize, height: usize, batch: usize) -> Workspace {
        let points = width * height;
        let rows = points * batch;
        let w = max_width(model);
        let mids = (0..nesting(&model.trunk.blocks))
            .map(|_| vec![0.0; rows * w])
            .collect();
        let mut rope = Vec::new();
        collect_rope(&model.trunk.blocks, width, height, &mut rope);
        let conv_in = model.trunk.initial_conv.in_channels.max(w);
        let fused = max_fused_width(&model.trunk.blocks);
        // The widest product: a layer's channels, or the attention's points.
        let widest = conv_in.max(fused).max(points);
        Workspace {
            width,
            height,
            points,
            batch,
            trunk: vec![0.0; rows * model.trunk.channels],
            normed: vec![0.0; rows * w],
            mids,
            wide: vec![0.0; rows * fused],
            attended: vec![0.0; rows * w],
            scores: vec![0.0; points * points],
            hidden: vec![0.0; rows * w],
            gate: vec![0.0; rows * w],
            shifted: vec![0.0; rows * conv_in],
            conv_out: vec![0.0; rows * w],
            pooled: vec![0.0; batch * 3 * w],
            pooled_out: vec![0.0; batch * w],
            pass_hidden: vec![0.0; batch * w],
            rope,
            policy_out: vec![0.0; rows * model.policy.out_channels],
            ownership_out: vec![0.0; rows],
            packing: Packing::new(rows, widest, widest),
        }
    }

    /// The board width these buffers are for.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board height these buffers are for.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The most boards one call evaluates.
    pub fn batch(&self) -> usize {
        self.batch
    }
}

fn matmul(
    p: &mut Packing,
    layer: &MatMul,
    input: &[f32],
    rows: usize,
    out: &mut [f32],
    accumulate: bool,
) {
    let input = Matrix::row_major(input, rows, layer.in_channels);
    gemm_packed(p, input, &layer.packed, out, layer.out_channels, accumulate);
}

/// A 1x1 convolution: one product.
fn pointwise(
    p: &mut Packing,
    layer: &Conv,
    input: &[f32],
    rows: usize,
    out: &mut [f32],
    accumulate: bool,
) {
    debug_assert!(layer.x_size == 1 && layer.y_size == 1);
    let input = Matrix::row_major(input, rows, layer.in_channels);
    gemm_packed(
        p,
        input,
        &layer.packed[0],
        out,
        layer.out_channels,
        accumulate,
    );
}

fn add_bias(bias: &MatBias, data: &mut [f32], rows: usize) {
    let n = bias.weights.len();
    for row in data[..rows * n].chunks_exact_mut(n) {
        for (x, b) in row.iter_mut().zip(&bias.weights) {
            *x += b;
        }
    }
}

/// Adds each board's vector `bias[board][c]` to every point of that board in `data`.
fn add_board_bias(data: &mut [f32], bias: &[f32], points: usize, c: usize, count: usize) {
    for bi in 0..count {
        let b = &bias[bi * c..(bi + 1) * c];
        for row in data[bi * points * c..(bi + 1) * points * c].chunks_exact_mut(c) {
            for (x, y) in row.iter_mut().zip(b) {
                *x += y;
            }
        }
    }
}

fn apply_norm(norm: &Norm, input: &[f32], rows: usize, out: &mut [f32]) {
    let c = norm.scale.len();
    let pairs = input[..rows * c]
        .chunks_exact(c)
        .zip(out[..rows * c].chunks_exact_mut(c));
    // One loop per activation, so that each is a plain loop over the channels.
    macro_rules! each {
        ($f:expr) => {
            for (src, dst) in pairs {
                for (((d, &x), &s), &b) in dst.iter_mut().zip(src).zip(&norm.scale).zip(&norm.bias)
                {
                    *d = $f(x * s + b);
                }
            }
        };
    }
    match norm.activation {
        Activation::Identity => each!(|x: f32| x),
        Activation::Relu => each!(|x: f32| x.max(0.0)),
        Activation::Silu => each!(silu),
        Activation::Mish => each!(|x: f32| Activation::Mish.apply(x)),
    }
}

/// `x * sigmoid(x)`.
#[inline(always)]
fn silu(x: f32) -> f32 {
    x / (1.0 + exp(-x))
}

fn apply_rms_norm(norm: &RmsNorm, input: &[f32], rows: usize, out: &mut [f32]) {
    let c = norm.weight.len();
    for (src, dst) in input[..rows * c]
        .chunks_exact(c)
        .zip(out[..rows * c].chunks_exact_mut(c))
    {
        let mut sum_sq = 0.0f32;
        for &x in src {
            sum_sq += x * x;
        }
        let rms = 1.0 / (sum_sq / c as f32 + norm.epsilon).sqrt();
        for i in 0..c {
            dst[i] = src[i] * rms * norm.weight[i];
        }
    }
}

/// A convolution with zero padding; 1x1 convolutions are a single product.
#[allow(clippy::too_many_arguments)]
fn conv(
    p: &mut Packing,
    layer: &Conv,
    input: &[f32],
    width: usize,
    height: usize,
    batch: usize,
    shifted: &mut [f32],
    out: &mut [f32],
    accumulate: bool,
) {
    let points = width * height;
    let rows = points * batch;
    let (cin, cout) = (layer.in_channels, layer.out_channels);
    if layer.x_size == 1 && layer.y_size == 1 {
        pointwise(p, layer, input, rows, out, accumulate);
        return;
    }
    let (ry, rx) = ((layer.y_size / 2) as isize, (layer.x_size / 2) as isize);
    let mut first = !accumulate;
    for fy in 0..layer.y_size {
        for fx in 0..layer.x_size {
            let (dy, dx) = (fy as isize - ry, fx as isize - rx);
            for b in 0..batch {
                for y in 0..height {
                    for x in 0..width {
                        let row = b * points + y * width + x;
                        let dst = &mut shifted[row * cin..(row + 1) * cin];
                        let (sy, sx) = (y as isize + dy, x as isize + dx);
                        if sy < 0 || sx < 0 || sy >= height as isize || sx >= width as isize {
                            dst.fill(0.0);
                        } else {
                            let src = b * points + sy as usize * width + sx as usize;
                            dst.copy_from_slice(&input[src * cin..(src + 1) * cin]);
                        }
                    }
                }
            }
            let tap = fy * layer.x_size + fx;
            let a = Matrix::row_major(shifted, rows, cin);
            gemm_packed(p, a, &layer.packed[tap], out, cout, !first);
            first = false;
        }
    }
}

/// KataGo's global pooling of a `[rows][c]` map: per board, mean, mean scaled by the board
/// size, and max (`pool_max`) or a second size-scaled mean (the value head's pooling).
fn pool(input: &[f32], points: usize, batch: usize, c: usize, pool_max: bool, out: &mut [f32]) {
    let sqrt_area = (points as f32).sqrt();
    for b in 0..batch {
        let o = &mut out[b * 3 * c..(b + 1) * 3 * c];
        for ch in 0..c {
            let mut sum = 0.0f32;
            let mut max = -1.0f32;
            for p in 0..points {
                let x = input[(b * points + p) * c + ch];
                sum += x;
                max = max.max(x);
            }
            let mean = sum / points as f32;
            o[ch] = mean;
            o[c + ch] = mean * (sqrt_area - 14.0) * 0.1;
            o[2 * c + ch] = if pool_max {
                max
            } else {
                mean * ((sqrt_area - 14.0) * (sqrt_area - 14.0) * 0.01 - 0.1)
            };
        }
    }
}

struct Dims {
    width: usize,
    height: usize,
    points: usize,
    batch: usize,
    rows: usize,
}

/// Scratch buffers a block may use, apart from the trunk it updates.
struct Scratch<'a> {
    normed: &'a mut [f32],
    wide: &'a mut [f32],
    attended: &'a mut [f32],
    scores: &'a mut [f32],
    hidden: &'a mut [f32],
    gate: &'a mut [f32],
    shifted: &'a mut [f32],
    conv_out: &'a mut [f32],
    pooled: &'a mut [f32],
    pooled_out: &'a mut [f32],
    rope: &'a [(Vec<f32>, Vec<f32>)],
    rope_next: usize,
    packing: &'a mut Packing,
}

fn run_blocks(
    blocks: &[Block],
    trunk: &mut [f32],
    mids: &mut [Vec<f32>],
    d: &Dims,
    s: &mut Scratch<'_>,
) {
    for block in blocks {
        match block {
            Block::Residual(b) => residual(b, trunk, d, s),
            Block::GlobalPooling(b) => gpool_block(b, trunk, d, s),
            Block::NestedBottleneck(b) => {
                let (mid, deeper) = mids.split_first_mut().expect("nesting depth");
                nested(b, trunk, mid, deeper, d, s)
            }
            Block::Attention(b) => attention(b, trunk, d, s),
            Block::Ffn(b) => ffn(b, trunk, d, s),
        }
    }
}

fn residual(b: &ResidualBlock, trunk: &mut [f32], d: &Dims, s: &mut Scratch<'_>) {
    apply_norm(&b.pre, trunk, d.rows, s.normed);
    conv(
        s.packing, &b.conv1, s.normed, d.width, d.height, d.batch, s.shifted, s.conv_out, false,
    );
    apply_norm(&b.mid, s.conv_out, d.rows, s.normed);
    conv(
        s.packing, &b.conv2, s.normed, d.width, d.height, d.batch, s.shifted, trunk, true,
    );
}

fn gpool_block(b: &GlobalPoolingBlock, trunk: &mut [f32], d: &Dims, s: &mut Scratch<'_>) {
    let g = b.gpool_conv.out_channels;
    let r = b.regular_conv.out_channels;
    apply_norm(&b.pre, trunk, d.rows, s.normed);
    conv(
        s.packing,
        &b.regular_conv,
        s.normed,
        d.width,
        d.height,
        d.batch,
        s.shifted,
        s.conv_out,
        false,
    );
    conv(
        s.packing,
        &b.gpool_conv,
        s.normed,
        d.width,
        d.height,
        d.batch,
        s.shifted,
        s.hidden,
        false,
    );
    apply_norm(&b.gpool_norm, s.hidden, d.rows, s.gate);
    pool(s.gate, d.points, d.batch, g, true, s.pooled);
    matmul(
        s.packing,
        &b.gpool_to_bias,
        s.pooled,
        d.batch,
        s.pooled_out,
        false,
    );
    add_board_bias(s.conv_out, s.pooled_out, d.points, r, d.batch);
    apply_norm(&b.mid, s.conv_out, d.rows, s.normed);
    conv(
        s.packing,
        &b.final_conv,
        s.normed,
        d.width,
        d.height,
        d.batch,
        s.shifted,
        trunk,
        true,
    );
}

fn nested(
    b: &NestedBottleneckBlock,
    trunk: &mut [f32],
    mid: &mut [f32],
    deeper: &mut [Vec<f32>],
    d: &Dims,
    s: &mut Scratch<'_>,
) {
    apply_norm(&b.pre, trunk, d.rows, s.normed);
    conv(
        s.packing,
        &b.pre_conv,
        s.normed,
        d.width,
        d.height,
        d.batch,
        s.shifted,
        mid,
        false,
    );
    run_blocks(&b.blocks, mid, deeper, d, s);
    apply_norm(&b.post, mid, d.rows, s.normed);
    conv(
        s.packing,
        &b.post_conv,
        s.normed,
        d.width,
        d.height,
        d.batch,
        s.shifted,
        trunk,
        true,
    );
}

/// Rotates each query or key head's pairs of channels by its point's angles; `data` holds
/// `heads` heads from column `offset` of rows `stride` wide.
#[allow(clippy::too_many_arguments)]
fn apply_rope(
    data: &mut [f32],
    stride: usize,
    offset: usize,
    heads: usize,
    kv_heads: usize,
    head_dim: usize,
    table: &(Vec<f32>, Vec<f32>),
    d: &Dims,
) {
    let pairs = head_dim / 2;
    let group = heads / kv_heads;
    for row in 0..d.rows {
        let point = row % d.points;
        let r = &mut data[row * stride + offset..row * stride + offset + heads * head_dim];
        for (h, head) in r.chunks_exact_mut(head_dim).enumerate() {
            let t = (point * kv_heads + h / group) * pairs;
            let (cos, sin) = (&table.0[t..t + pairs], &table.1[t..t + pairs]);
            for ((x, &c), &sn) in head.chunks_exact_mut(2).zip(cos).zip(sin) {
                let (x0, x1) = (x[0], x[1]);
                x[0] = x0 * c - x1 * sn;
                x[1] = x0 * sn + x1 * c;
            }
        }
    }
}

fn attention(b: &AttentionBlock, trunk: &mut [f32], d: &Dims, s: &mut Scratch<'_>) {
    let table = &s.rope[s.rope_next];
    s.rope_next += 1;
    apply_rms_norm(&b.norm, trunk, d.rows, s.normed);
    // Queries, keys and values side by side in each row of `wide`.
    matmul(s.packing, &b.qkv, s.normed, d.rows, s.wide, false);
    let (qs, ks, vs, os) = (
        b.heads * b.q_head_dim,
        b.kv_heads * b.q_head_dim,
        b.kv_heads * b.v_head_dim,
        b.heads * b.v_head_dim,
    );
    let stride = qs + ks + vs;
    if !matches!(b.rope, Rope::None) {
        apply_rope(
            s.wide,
            stride,
            0,
            b.heads,
            b.kv_heads,
            b.q_head_dim,
            table,
            d,
        );
        apply_rope(
            s.wide,
            stride,
            qs,
            b.kv_heads,
            b.kv_heads,
            b.q_head_dim,
            table,
            d,
        );
    }
    let n = d.points;
    let scale = 1.0 / (b.q_head_dim as f32).sqrt();
    let group = b.heads / b.kv_heads;
    for bi in 0..d.batch {
        let board = &s.wide[bi * n * stride..(bi + 1) * n * stride];
        for h in 0..b.heads {
            let kvh = h / group;
            let q = &board[h * b.q_head_dim..];
            let k = &board[qs + kvh * b.q_head_dim..];
            let v = &board[qs + ks + kvh * b.v_head_dim..];
            // One head's rows of the board: `n` rows `stride` apart.
            let head = |data, cols| Matrix {
                data,
                rows: n,
                cols,
                row_stride: stride,
                col_stride: 1,
            };
            let (q, k) = (head(q, b.q_head_dim), head(k, b.q_head_dim));
            gemm(s.packing, scale, q, k.t(), s.scores, n, false);
            for row in s.scores[..n * n].chunks_exact_mut(n) {
                softmax(row);
            }
            let out = &mut s.attended[bi * n * os + h * b.v_head_dim..];
            let scores = Matrix::row_major(s.scores, n, n);
            gemm(
                s.packing,
                1.0,
                scores,
                head(v, b.v_head_dim),
                out,
                os,
                false,
            );
        }
    }
    matmul(s.packing, &b.out, s.attended, d.rows, trunk, true);
}

/// A softmax in place, in loops the compiler turns into vector instructions.
fn softmax(row: &mut [f32]) {
    // Eight partial maxima and sums, so that eight lanes work side by side.
    let larger = |m: f32, x: f32| if x > m { x } else { m };
    let mut maxima = [f32::MIN; 8];
    let chunks = row.chunks_exact(8);
    let rest = chunks
        .remainder()
        .iter()
        .fold(f32::MIN, |m, &x| larger(m, x));
    for c in chunks {
        for (m, &x) in maxima.iter_mut().zip(c) {
            *m = larger(*m, x);
        }
    }
    let max = maxima.iter().fold(rest, |m, &x| larger(m, x));
    for x in row.iter_mut() {
        *x = exp(*x - max);
    }
    let mut sums = [0.0f32; 8];
    let chunks = row.chunks_exact(8);
    let rest: f32 = chunks.remainder().iter().sum();
    for c in chunks {
        for (s, &x) in sums.iter_mut().zip(c) {
            *s += x;
        }
    }
    let inv = 1.0 / (sums.iter().sum::<f32>() + rest);
    for x in row.iter_mut() {
        *x *= inv;
    }
}

fn ffn(b: &FfnBlock, trunk: &mut [f32], d: &Dims, s: &mut Scratch<'_>) {
    apply_rms_norm(&b.norm, trunk, d.rows, s.normed);
    // The up and gate projections side by side in each row of `wide`.
    matmul(s.packing, &b.up, s.normed, d.rows, s.wide, false);
    let f = b.linear1.out_channels;
    for (row, out) in s.wide[..d.rows * 2 * f]
        .chunks_exact(2 * f)
        .zip(s.hidden[..d.rows * f].chunks_exact_mut(f))
    {
        let (up, gate) = row.split_at(f);
        for ((o, &a), &g) in out.iter_mut().zip(up).zip(gate) {
            *o = silu(a) * g;
        }
    }
    matmul(s.packing, &b.linear2, s.hidden, d.rows, trunk, true);
}

/// Evaluates `count` boards whose inputs are `spatial` (`[board][point][plane]`) and `global`
/// (`[board][input]`), writing one [`RawOutput`] per board; `optimism` blends the policy with
/// the optimistic policy as KataGo's `policyOptimism` does.
pub fn evaluate(
    model: &Model,
    ws: &mut Workspace,
    spatial: &[f32],
    global: &[f32],
    count: usize,
    optimism: f32,
    outputs: &mut [RawOutput],
) {
    assert!(count >= 1 && count <= ws.batch && outputs.len() >= count);
    let d = Dims {
        width: ws.width,
        height: ws.height,
        points: ws.points,
        batch: count,
        rows: ws.points * count,
    };
    let t = &model.trunk;
    let c = t.channels;
    assert!(spatial.len() >= d.rows * t.initial_conv.in_channels);
    assert!(global.len() >= count * t.initial_matmul.in_channels);
    let Workspace {
        trunk,
        normed,
        mids,
        wide,
        attended,
        scores,
        hidden,
        gate,
        shifted,
        conv_out,
        pooled,
        pooled_out,
        pass_hidden,
        rope,
        policy_out,
        ownership_out,
        packing,
        ..
    } = ws;
    // The input layers: the spatial convolution plus the global inputs' bias at every point.
    conv(
        packing,
        &t.initial_conv,
        spatial,
        d.width,
        d.height,
        count,
        shifted,
        trunk,
        false,
    );
    matmul(packing, &t.initial_matmul, global, count, pooled_out, false);
    add_board_bias(trunk, pooled_out, d.points, c, count);
    let mut s = Scratch {
        normed,
        wide,
        attended,
        scores,
        hidden,
        gate,
        shifted,
        conv_out,
        pooled,
        pooled_out,
        rope,
        rope_next: 0,
        packing,
    };
    run_blocks(&t.blocks, trunk, mids, &d, &mut s);
    // The trunk's tip, into `normed`.
    match &t.tip {
        TrunkTip::Norm(norm) => apply_norm(norm, trunk, d.rows, s.normed),
        TrunkTip::RmsNorm {
            spatial,
            epsilon,
            gamma,
            beta,
            activation,
        } => {
            for bi in 0..count {
                let rows = &trunk[bi * d.points * c..(bi + 1) * d.points * c];
                let out = &mut s.normed[bi * d.points * c..(bi + 1) * d.points * c];
                if *spatial {
                    let mut sum_sq = 0.0f32;
                    for &x in rows {
                        sum_sq += x * x;
                    }
                    let rms = 1.0 / (sum_sq / (d.points * c) as f32 + epsilon).sqrt();
                    for (src, dst) in rows.chunks_exact(c).zip(out.chunks_exact_mut(c)) {
                        for i in 0..c {
                            dst[i] = activation.apply(src[i] * rms * gamma[i] + beta[i]);
                        }
                    }
                } else {
                    for (src, dst) in rows.chunks_exact(c).zip(out.chunks_exact_mut(c)) {
                        let mut sum_sq = 0.0f32;
                        for &x in src {
                            sum_sq += x * x;
                        }
                        let rms = 1.0 / (sum_sq / c as f32 + epsilon).sqrt();
                        for i in 0..c {
                            dst[i] = activation.apply(src[i] * rms * gamma[i] + beta[i]);
                        }
                    }
                }
            }
        }
    }
    let features: &[f32] = s.normed;

    // Policy head.
    let p = &model.policy;
    let (pc, gc) = (p.p1_conv.out_channels, p.g1_conv.out_channels);
    pointwise(s.packing, &p.p1_conv, features, d.rows, s.conv_out, false);
    pointwise(s.packing, &p.g1_conv, features, d.rows, s.hidden, false);
    apply_norm(&p.g1_norm, s.hidden, d.rows, s.gate);
    pool(s.gate, d.points, count, gc, true, s.pooled);
    matmul(
        s.packing,
        &p.gpool_to_bias,
        s.pooled,
        count,
        s.pooled_out,
        false,
    );
    add_board_bias(s.conv_out, s.pooled_out, d.points, pc, count);
    apply_norm(&p.p1_norm, s.conv_out, d.rows, s.hidden);
    let po = p.out_channels;
    pointwise(s.packing, &p.p2_conv, s.hidden, d.rows, policy_out, false);
    matmul(s.packing, &p.pass_mul, s.pooled, count, pass_hidden, false);
    add_bias(&p.pass_bias, pass_hidden, count);
    let ph = p.pass_mul.out_channels;
    for x in pass_hidden[..count * ph].iter_mut() {
        *x = p.pass_activation.apply(*x);
    }
    matmul(
        s.packing,
        &p.pass_mul2,
        pass_hidden,
        count,
        s.pooled_out,
        false,
    );
    for bi in 0..count {
        let o = &mut outputs[bi];
        o.policy.resize(d.points, 0.0);
        for pt in 0..d.points {
            let row = &policy_out[(bi * d.points + pt) * po..];
            o.policy[pt] = row[0] + (row[1] - row[0]) * optimism;
        }
        let pass = &s.pooled_out[bi * po..];
        o.pass = pass[0] + (pass[1] - pass[0]) * optimism;
    }

    // Value head.
    let vh = &model.value;
    let vc = vh.v1_conv.out_channels;
    pointwise(s.packing, &vh.v1_conv, features, d.rows, s.conv_out, false);
    apply_norm(&vh.v1_norm, s.conv_out, d.rows, s.hidden);
    pool(s.hidden, d.points, count, vc, false, s.pooled);
    pointwise(
        s.packing,
        &vh.ownership_conv,
        s.hidden,
        d.rows,
        ownership_out,
        false,
    );
    matmul(s.packing, &vh.v2_mul, s.pooled, count, s.pooled_out, false);
    add_bias(&vh.v2_bias, s.pooled_out, count);
    let v2 = vh.v2_mul.out_channels;
    for x in s.pooled_out[..count * v2].iter_mut() {
        *x = vh.v2_activation.apply(*x);
    }
    matmul(s.packing, &vh.v3_mul, s.pooled_out, count, s.gate, false);
    add_bias(&vh.v3_bias, s.gate, count);
    matmul(
        s.packing,
        &vh.sv3_mul,
        s.pooled_out,
        count,
        s.conv_out,
        false,
    );
    add_bias(&vh.sv3_bias, s.conv_out, count);
    for bi in 0..count {
        let o = &mut outputs[bi];
        o.value.copy_from_slice(&s.gate[bi * 3..bi * 3 + 3]);
        o.score.copy_from_slice(&s.conv_out[bi * 6..bi * 6 + 6]);
        o.ownership.clear();
        o.ownership
            .extend_from_slice(&ownership_out[bi * d.points..(bi + 1) * d.points]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nn::model::tests::tiny_model_text;

    fn inputs(points: usize, seed: u32) -> (Vec<f32>, Vec<f32>) {
        let spatial = (0..points * 22)
            .map(|i| {
                if i % 22 == 0 {
                    1.0
                } else {
                    (i as u32 * 31 + seed).is_multiple_of(5) as u32 as f32
                }
            })
            .collect();
        let global = (0..19)
            .map(|i| ((i + seed as usize) % 3) as f32 * 0.25)
            .collect();
        (spatial, global)
    }

    #[test]
    fn a_batch_gives_each_board_what_it_gets_alone() {
        let model = Model::parse(tiny_model_text().as_bytes(), false).unwrap();
        let (w, h) = (5, 5);
        let (s1, g1) = inputs(w * h, 1);
        let (s2, g2) = inputs(w * h, 2);
        let mut alone = vec![RawOutput::default(); 2];
        let mut ws1 = Workspace::new(&model, w, h, 1);
        evaluate(&model, &mut ws1, &s1, &g1, 1, 0.2, &mut alone[..1]);
        evaluate(&model, &mut ws1, &s2, &g2, 1, 0.2, &mut alone[1..]);
        let mut together = vec![RawOutput::default(); 2];
        let mut ws2 = Workspace::new(&model, w, h, 2);
        let s: Vec<f32> = s1.iter().chain(&s2).copied().collect();
        let g: Vec<f32> = g1.iter().chain(&g2).copied().collect();
        evaluate(&model, &mut ws2, &s, &g, 2, 0.2, &mut together);
        for (a, b) in alone.iter().zip(&together) {
            let close = |x: f32, y: f32| (x - y).abs() <= 1e-5 * (1.0 + x.abs());
            assert!(a.value.iter().zip(&b.value).all(|(x, y)| close(*x, *y)));
            assert!(a.score.iter().zip(&b.score).all(|(x, y)| close(*x, *y)));
            assert!(a.policy.iter().zip(&b.policy).all(|(x, y)| close(*x, *y)));
            assert!(a
                .ownership
                .iter()
                .zip(&b.ownership)
                .all(|(x, y)| close(*x, *y)));
            assert!(close(a.pass, b.pass));
            assert!(a.value.iter().all(|x| x.is_finite()));
        }
        // Different inputs give different answers.
        assert_ne!(alone[0].value, alone[1].value);
    }
}
