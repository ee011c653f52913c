//! Reading a KataGo network file (`.bin.gz`, `.bin`, `.txt.gz`, `.txt`): the header and
//! every layer kind KataGo's current networks use, checked shape by shape as KataGo checks them.
//!
//! The format is KataGo's: whitespace-separated words (names, sizes, flags) and, for each
//! block of weights, either `@BIN@` followed by little-endian 32-bit floats (`.bin`) or the
//! numbers as text (`.txt`). Anything this reader does not know (a newer version, a block
//! kind, an activation, an option flag) is refused with an error naming it.

use super::gemm::Packed;
use std::fmt;
use std::io::Read;
use std::path::Path;

/// The oldest and newest network versions read here.
pub const VERSIONS: std::ops::RangeInclusive<i32> = 8..=17;

/// Why a network could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelError(pub String);

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ModelError {}

fn err<T>(msg: impl Into<String>) -> Result<T, ModelError> {
    Err(ModelError(msg.into()))
}

/// A unit's non-linearity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    /// `x`.
    Identity,
    /// `max(x, 0)`.
    Relu,
    /// `x * tanh(softplus(x))`.
    Mish,
    /// `x / (1 + exp(-x))`.
    Silu,
}

impl Activation {
    /// Applies the activation to one value, as KataGo's CPU code does.
    #[inline]
    pub fn apply(self, x: f32) -> f32 {
        match self {
            Activation::Identity => x,
            Activation::Relu => x.max(0.0),
            Activation::Mish => {
                let sp = if x < 20.0 { x.exp().ln_1p() } else { x };
                x * sp.tanh()
            }
            Activation::Silu => x / (1.0 + exp(-x)),
        }
    }
}

/// e^x within a few units in the last place (Cephes' `expf`), for `x` clamped to
/// [-87, 88] so that the result is always a normal number. Free of branches and calls, a loop
/// over it becomes vector instructions.
#[inline(always)]
pub fn exp(x: f32) -> f32 {
    let x = x.clamp(-87.0, 88.0);
    // n = round(x / ln 2) by the float adder's own rounding.
    let n = (x * std::f32::consts::LOG2_E + 12_582_912.0) - 12_582_912.0;
    let r = x - n * 0.693_359_4 + n * 2.121_944_4e-4;
    let p = 1.987_569_1e-4;
    let p = p * r + 1.398_199_9e-3;
    let p = p * r + 8.333_452e-3;
    let p = p * r + 4.166_579_6e-2;
    let p = p * r + 1.666_666_5e-1;
    let p = p * r + 0.5;
    let e = p * r * r + r + 1.0;
    // 2^n: n + 127 + 2^23 holds n + 127 in its low mantissa bits, shifted into the exponent.
    e * f32::from_bits((n + 8_388_735.0).to_bits() << 23)
}

/// A convolution: `weights[((y * x_size + x) * in_channels + ic) * out_channels + oc]`.
#[derive(Debug, Clone)]
pub struct Conv {
    /// The layer's name in the file.
    pub name: String,
    /// Filter height.
    pub y_size: usize,
    /// Filter width.
    pub x_size: usize,
    /// Input channels.
    pub in_channels: usize,
    /// Output channels.
    pub out_channels: usize,
    /// The weights in the file's order (y, x, in, out).
    pub weights: Vec<f32>,
    /// The weights of each filter position (y, x) as an `in` x `out` matrix, packed for the
    /// matrix products.
    pub packed: Vec<Packed>,
}

/// A batch norm folded into a scale and a bias per channel, followed by an activation.
#[derive(Debug, Clone)]
pub struct Norm {
    /// The layer's name in the file.
    pub name: String,
    /// `scale / sqrt(variance + epsilon)` per channel.
    pub scale: Vec<f32>,
    /// `bias - scale * mean` per channel (with the scale above).
    pub bias: Vec<f32>,
    /// The activation after it.
    pub activation: Activation,
}

/// A dense layer: `weights[ic * out_channels + oc]`.
#[derive(Debug, Clone)]
pub struct MatMul {
    /// The layer's name in the file.
    pub name: String,
    /// Input width.
    pub in_channels: usize,
    /// Output width.
    pub out_channels: usize,
    /// The weights, input-major.
    pub weights: Vec<f32>,
    /// The weights as an `in` x `out` matrix, packed for the matrix products.
    pub packed: Packed,
}

/// A bias added to a dense layer's output.
#[derive(Debug, Clone)]
pub struct MatBias {
    /// The layer's name in the file.
    pub name: String,
    /// One value per channel.
    pub weights: Vec<f32>,
}

/// A plain residual block: norm, 3x3 conv, norm, 3x3 conv, added to the trunk.
#[derive(Debug, Clone)]
pub struct ResidualBlock {
    /// Pre-activation norm.
    pub pre: Norm,
    /// First convolution.
    pub conv1: Conv,
    /// Middle norm.
    pub mid: Norm,
    /// Second convolution.
    pub conv2: Conv,
}

/// A residual block with a global-pooling branch biasing its middle channels.
#[derive(Debug, Clone)]
pub struct GlobalPoolingBlock {
    /// Pre-activation norm.
    pub pre: Norm,
    /// The regular convolution.
    pub regular_conv: Conv,
    /// The pooled branch's convolution.
    pub gpool_conv: Conv,
    /// The pooled branch's norm.
    pub gpool_norm: Norm,
    /// From the pooled features to the regular channels' bias.
    pub gpool_to_bias: MatMul,
    /// Middle norm.
    pub mid: Norm,
    /// Final convolution.
    pub final_conv: Conv,
}

/// A nested-bottleneck block: norm, conv down, an inner stack of blocks, norm, conv up.
#[derive(Debug, Clone)]
pub struct NestedBottleneckBlock {
    /// Pre-activation norm.
    pub pre: Norm,
    /// Down-projection.
    pub pre_conv: Conv,
    /// The inner blocks, residual on the narrow width.
    pub blocks: Vec<Block>,
    /// Post norm.
    pub post: Norm,
    /// Up-projection, added to the trunk.
    pub post_conv: Conv,
}

/// Per-position RMS normalisation with a learned weight (inside transformer blocks).
#[derive(Debug, Clone)]
pub struct RmsNorm {
    /// The layer's name in the file.
    pub name: String,
    /// Added to the mean square.
    pub epsilon: f32,
    /// Per-channel weight.
    pub weight: Vec<f32>,
}

/// Rotary position encoding of an attention block.
#[derive(Debug, Clone)]
pub enum Rope {
    /// No position encoding.
    None,
    /// Learned frequencies per key head and pair: `freqs[(head * pairs + pair) * 2 + {0: x, 1: y}]`.
    Learned {
        /// The frequencies.
        freqs: Vec<f32>,
    },
    /// Fixed frequencies from a base.
    Fixed {
        /// The base (`theta`).
        theta: f32,
    },
}

/// Multi-head self-attention over the board's points, pre-normed, residual.
#[derive(Debug, Clone)]
pub struct AttentionBlock {
    /// Query heads.
    pub heads: usize,
    /// Key/value heads (grouped-query attention when fewer).
    pub kv_heads: usize,
    /// Query/key width per head.
    pub q_head_dim: usize,
    /// Value width per head.
    pub v_head_dim: usize,
    /// The norm before the projections.
    pub norm: RmsNorm,
    /// Query projection.
    pub q: MatMul,
    /// Key projection.
    pub k: MatMul,
    /// Value projection.
    pub v: MatMul,
    /// Output projection.
    pub out: MatMul,
    /// The position encoding.
    pub rope: Rope,
    /// The query, key and value projections side by side (`[input][q | k | v]`): one
    /// matrix product for the three.
    pub qkv: MatMul,
}

/// A gated (SwiGLU) feed-forward block, pre-normed, residual.
#[derive(Debug, Clone)]
pub struct FfnBlock {
    /// The norm before the projections.
    pub norm: RmsNorm,
    /// Up-projection (through SiLU).
    pub linear1: MatMul,
    /// Gate projection.
    pub gate: MatMul,
    /// Down-projection.
    pub linear2: MatMul,
    /// The up and gate projections side by side (`[input][linear1 | gate]`): one matrix
    /// product for the two.
    pub up: MatMul,
}

/// Dense layers with the same input, side by side: one layer whose outputs are theirs in
/// turn, so that one matrix product computes them all.
fn side_by_side(name: &str, parts: &[&MatMul]) -> MatMul {
    let in_channels = parts[0].in_channels;
    let out_channels = parts.iter().map(|m| m.out_channels).sum();
    let mut weights = Vec::with_capacity(in_channels * out_channels);
    for i in 0..in_channels {
        for m in parts {
            let n = m.out_channels;
            weights.extend_from_slice(&m.weights[i * n..(i + 1) * n]);
        }
    }
    MatMul {
        name: name.to_string(),
        in_channels,
        out_channels,
        packed: Packed::row_major(&weights, in_channels, out_channels),
        weights,
    }
}

/// One block of a trunk or of a nested block's stack.
#[derive(Debug, Clone)]
pub enum Block {
    /// `ordinary_block`.
    Residual(ResidualBlock),
    /// `gpool_block`.
    GlobalPooling(GlobalPoolingBlock),
    /// `nested_bottleneck_block`.
    NestedBottleneck(NestedBottleneckBlock),
    /// `transformer_attention_block`.
    Attention(AttentionBlock),
    /// `transformer_ffn_block`.
    Ffn(FfnBlock),
}

/// The trunk's last normalisation.
#[derive(Debug, Clone)]
pub enum TrunkTip {
    /// A batch norm with its activation.
    Norm(Norm),
    /// An RMS norm with gamma and beta, over each point's channels or over the whole board.
    RmsNorm {
        /// Over all points and channels at once.
        spatial: bool,
        /// Added to the mean square.
        epsilon: f32,
        /// Per-channel scale.
        gamma: Vec<f32>,
        /// Per-channel shift.
        beta: Vec<f32>,
        /// The activation after it.
        activation: Activation,
    },
}

/// The trunk: the input layers, the blocks and the tip.
#[derive(Debug, Clone)]
pub struct Trunk {
    /// The trunk's width.
    pub channels: usize,
    /// The spatial input convolution.
    pub initial_conv: Conv,
    /// The global inputs' contribution to every point.
    pub initial_matmul: MatMul,
    /// The blocks.
    pub blocks: Vec<Block>,
    /// The last normalisation.
    pub tip: TrunkTip,
}

/// The policy head.
#[derive(Debug, Clone)]
pub struct PolicyHead {
    /// Policy channels (2: policy and optimistic policy; 4 adds unused predictions).
    pub out_channels: usize,
    /// Point features.
    pub p1_conv: Conv,
    /// Pooled-branch features.
    pub g1_conv: Conv,
    /// Pooled-branch norm.
    pub g1_norm: Norm,
    /// Pooled features to the point features' bias.
    pub gpool_to_bias: MatMul,
    /// Point features' norm.
    pub p1_norm: Norm,
    /// Point logits.
    pub p2_conv: Conv,
    /// Pooled features to the pass logit's hidden layer.
    pub pass_mul: MatMul,
    /// The hidden layer's bias.
    pub pass_bias: MatBias,
    /// The hidden layer's activation.
    pub pass_activation: Activation,
    /// The hidden layer to the pass logits.
    pub pass_mul2: MatMul,
}

/// The value head: game outcome, score figures and ownership.
#[derive(Debug, Clone)]
pub struct ValueHead {
    /// Point features.
    pub v1_conv: Conv,
    /// Their norm.
    pub v1_norm: Norm,
    /// Pooled features to the hidden layer.
    pub v2_mul: MatMul,
    /// Hidden bias.
    pub v2_bias: MatBias,
    /// Hidden activation.
    pub v2_activation: Activation,
    /// Win/loss/no-result logits.
    pub v3_mul: MatMul,
    /// Their bias.
    pub v3_bias: MatBias,
    /// Score mean, score spread, lead, variance time, short-term errors.
    pub sv3_mul: MatMul,
    /// Their bias.
    pub sv3_bias: MatBias,
    /// Ownership logit per point.
    pub ownership_conv: Conv,
}

/// The scales KataGo applies to the value head's raw outputs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PostProcess {
    /// Score mean scale.
    pub score_mean: f64,
    /// Score spread scale.
    pub score_stdev: f64,
    /// Lead scale.
    pub lead: f64,
    /// Variance-time scale.
    pub variance_time: f64,
    /// Short-term value error scale.
    pub shortterm_value_error: f64,
    /// Short-term score error scale.
    pub shortterm_score_error: f64,
}

/// A whole network as read from its file.
#[derive(Debug, Clone)]
pub struct Model {
    /// The network's name.
    pub name: String,
    /// Its format version.
    pub version: i32,
    /// Spatial input planes.
    pub spatial_inputs: usize,
    /// Global inputs.
    pub global_inputs: usize,
    /// Output scales.
    pub post: PostProcess,
    /// The trunk.
    pub trunk: Trunk,
    /// The policy head.
    pub policy: PolicyHead,
    /// The value head.
    pub value: ValueHead,
}

impl Model {
    /// Reads a network file; `.gz` files are decompressed, `.txt` files hold text floats.
    pub fn load(path: &Path) -> Result<Model, ModelError> {
        let raw = std::fs::read(path)
            .map_err(|e| ModelError(format!("cannot read {}: {e}", path.display())))?;
        let lower = path.to_string_lossy().to_lowercase();
        let data = if lower.ends_with(".gz") {
            let mut out = Vec::new();
            flate2::read::GzDecoder::new(&raw[..])
                .read_to_end(&mut out)
                .map_err(|e| {
                    ModelError(format!("{}: not a readable gzip file: {e}", path.display()))
                })?;
            out
        } else {
            raw
        };
        let binary = !(lower.ends_with(".txt") || lower.ends_with(".txt.gz"));
        Model::parse(&data, binary).map_err(|e| ModelError(format!("{}: {e}", path.display())))
    }

    /// Parses a decompressed network; `binary` says whether weights are `@BIN@` blocks.
    pub fn parse(data: &[u8], binary: bool) -> Result<Model, ModelError> {
        let mut r = Reader {
            data,
            pos: 0,
            binary,
        };
        let name = r.word("the network's name")?;
        let version = r.int(&name, "version")?;
        if !VERSIONS.contains(&version) {
            return err(format!(
                "network {name}: unsupported model version {version} (this reader knows versions {} to {})",
                VERSIONS.start(),
                VERSIONS.end()
            ));
        }
        let spatial_inputs = r.positive(&name, "number of spatial inputs")?;
        let global_inputs = r.positive(&name, "number of global inputs")?;
        if spatial_inputs != 22 || global_inputs != 19 {
            return err(format!(
                "network {name}: {spatial_inputs} spatial and {global_inputs} global inputs; \
                 only KataGo's input version 7 (22 and 19) is supported"
            ));
        }
        let mut post = PostProcess {
            score_mean: 20.0,
            score_stdev: 20.0,
            lead: 20.0,
            variance_time: 40.0,
            shortterm_value_error: 0.25,
            shortterm_score_error: 30.0,
        };
        if version >= 13 {
            let _td_score = r.positive_float(&name, "tdScoreMultiplier")?;
            post.score_mean = r.positive_float(&name, "scoreMeanMultiplier")?;
            post.score_stdev = r.positive_float(&name, "scoreStdevMultiplier")?;
            post.lead = r.positive_float(&name, "leadMultiplier")?;
            post.variance_time = r.positive_float(&name, "varianceTimeMultiplier")?;
            post.shortterm_value_error =
                r.positive_float(&name, "shorttermValueErrorMultiplier")?;
            post.shortterm_score_error =
                r.positive_float(&name, "shorttermScoreErrorMultiplier")?;
        }
        if version >= 15 {
            let meta = r.int(&name, "metaEncoderVersion")?;
            if meta != 0 {
                return err(format!(
                    "network {name}: metadata encoder version {meta} (human-style networks) is not supported"
                ));
            }
            let prefer_pass_alive = r.int(&name, "preferPassAliveUnderSuicideRules")?;
            if prefer_pass_alive != 0 {
                return err(format!(
                    "network {name}: option preferPassAliveUnderSuicideRules = {prefer_pass_alive} is not supported"
                ));
            }
            for option in ["C", "D", "E", "F", "G", "H"] {
                r.zero_option(&name, &format!("model option {option}"))?;
            }
        }
        let trunk = r.trunk(version)?;
        let policy = r.policy_head(version)?;
        let value = r.value_head(version)?;
        if trunk.initial_conv.in_channels != spatial_inputs {
            return err(format!(
                "network {name}: the input convolution takes {} planes, the header says {spatial_inputs}",
                trunk.initial_conv.in_channels
            ));
        }
        if trunk.initial_matmul.in_channels != global_inputs {
            return err(format!(
                "network {name}: the global input layer takes {} values, the header says {global_inputs}",
                trunk.initial_matmul.in_channels
            ));
        }
        for (what, c) in [
            ("policy head p1", policy.p1_conv.in_channels),
            ("policy head g1", policy.g1_conv.in_channels),
            ("value head v1", value.v1_conv.in_channels),
        ] {
            if c != trunk.channels {
                return err(format!(
                    "network {name}: {what} takes {c} channels, the trunk has {}",
                    trunk.channels
                ));
            }
        }
        Ok(Model {
            name,
            version,
            spatial_inputs,
            global_inputs,
            post,
            trunk,
            policy,
            value,
        })
    }

    /// The number of learned numbers (weights, biases, norms) in the network.
    pub fn parameter_count(&self) -> usize {
        fn conv(c: &Conv) -> usize {
            c.weights.len()
        }
        fn mm(m: &MatMul) -> usize {
            m.weights.len()
        }
        fn blocks(bs: &[Block]) -> usize {
            bs.iter()
                .map(|b| match b {
                    Block::Residual(b) => conv(&b.conv1) + conv(&b.conv2),
                    Block::GlobalPooling(b) => {
                        conv(&b.regular_conv)
                            + conv(&b.gpool_conv)
                            + mm(&b.gpool_to_bias)
                            + conv(&b.final_conv)
                    }
                    Block::NestedBottleneck(b) => {
                        conv(&b.pre_conv) + blocks(&b.blocks) + conv(&b.post_conv)
                    }
                    Block::Attention(b) => {
                        b.norm.weight.len() + mm(&b.q) + mm(&b.k) + mm(&b.v) + mm(&b.out)
                    }
                    Block::Ffn(b) => {
                        b.norm.weight.len() + mm(&b.linear1) + mm(&b.gate) + mm(&b.linear2)
                    }
                })
                .sum()
        }
        conv(&self.trunk.initial_conv)
            + mm(&self.trunk.initial_matmul)
            + blocks(&self.trunk.blocks)
            + conv(&self.policy.p1_conv)
            + conv(&self.policy.g1_conv)
            + conv(&self.policy.p2_conv)
            + mm(&self.policy.gpool_to_bias)
            + mm(&self.policy.pass_mul)
            + mm(&self.policy.pass_mul2)
            + conv(&self.value.v1_conv)
            + mm(&self.value.v2_mul)
            + mm(&self.value.v3_mul)
            + mm(&self.value.sv3_mul)
            + conv(&self.value.ownership_conv)
    }
}

/// A cursor over the decompressed file.
struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    binary: bool,
}

impl Reader<'_> {
    fn skip_space(&mut self) {
        while self.pos < self.data.len() && self.data[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    /// The next whitespace-delimited word.
    fn word(&mut self, what: &str) -> Result<String, ModelError> {
        self.skip_space();
        let start = self.pos;
        while self.pos < self.data.len() && !self.data[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        if start == self.pos {
            return err(format!("the file ends where {what} should be"));
        }
        match std::str::from_utf8(&self.data[start..self.pos]) {
            Ok(s) if s.len() <= 200 => Ok(s.to_string()),
            _ => err(format!("garbled text where {what} should be")),
        }
    }

    fn int(&mut self, layer: &str, what: &str) -> Result<i32, ModelError> {
        let w = self.word(&format!("{layer}'s {what}"))?;
        w.parse()
            .map_err(|_| ModelError(format!("{layer}: {what} should be a number, found {w:?}")))
    }

    fn positive(&mut self, layer: &str, what: &str) -> Result<usize, ModelError> {
        let v = self.int(layer, what)?;
        if v <= 0 || v > 1 << 16 {
            return err(format!(
                "{layer}: {what} must be positive and sane, found {v}"
            ));
        }
        Ok(v as usize)
    }

    fn float(&mut self, layer: &str, what: &str) -> Result<f64, ModelError> {
        let w = self.word(&format!("{layer}'s {what}"))?;
        match w.parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => err(format!(
                "{layer}: {what} should be a finite number, found {w:?}"
            )),
        }
    }

    fn positive_float(&mut self, layer: &str, what: &str) -> Result<f64, ModelError> {
        let v = self.float(layer, what)?;
        if v <= 0.0 {
            return err(format!("{layer}: {what} must be positive, found {v}"));
        }
        Ok(v)
    }

    fn flag(&mut self, layer: &str, what: &str) -> Result<bool, ModelError> {
        match self.int(layer, what)? {
            0 => Ok(false),
            1 => Ok(true),
            v => err(format!("{layer}: {what} must be 0 or 1, found {v}")),
        }
    }

    fn zero_option(&mut self, layer: &str, what: &str) -> Result<(), ModelError> {
        match self.int(layer, what)? {
            0 => Ok(()),
            v => err(format!("{layer}: unknown or unsupported {what} = {v}")),
        }
    }

    /// `n` weights, as a `@BIN@` block or as text numbers.
    fn floats(&mut self, layer: &str, n: usize) -> Result<Vec<f32>, ModelError> {
        let mut out = Vec::with_capacity(n);
        if self.binary {
            let mut skipped = 0;
            loop {
                match self.data.get(self.pos) {
                    Some(b'@') => break,
                    Some(_) if skipped < 100 => {
                        self.pos += 1;
                        skipped += 1;
                    }
                    _ => {
                        return err(format!(
                            "{layer}: no @BIN@ block of weights where one should be (a truncated or text file?)"
                        ))
                    }
                }
            }
            if self.data.get(self.pos..self.pos + 5) != Some(b"@BIN@") {
                return err(format!("{layer}: a weight block without its @BIN@ header"));
            }
            self.pos += 5;
            let bytes = self.data.get(self.pos..self.pos + 4 * n).ok_or_else(|| {
                ModelError(format!(
                    "{layer}: the file ends inside its weights ({n} expected)"
                ))
            })?;
            self.pos += 4 * n;
            for chunk in bytes.chunks_exact(4) {
                out.push(f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]));
            }
        } else {
            for _ in 0..n {
                out.push(self.float(layer, "weight")? as f32);
            }
        }
        if out.iter().any(|x| !x.is_finite()) {
            return err(format!("{layer}: a weight is NaN or infinite"));
        }
        // Trained networks keep weights that decayed below the smallest normal float (dead
        // units of the feed-forward blocks); the CPU multiplies such subnormal numbers some
        // hundred times slower than others, and their products (under 1e-36) change nothing.
        for x in out.iter_mut().filter(|x| x.is_subnormal()) {
            *x = 0.0;
        }
        Ok(out)
    }

    fn conv(&mut self) -> Result<Conv, ModelError> {
        let name = self.word("a convolution's name")?;
        let y_size = self.positive(&name, "filter height")?;
        let x_size = self.positive(&name, "filter width")?;
        let in_channels = self.positive(&name, "input channels")?;
        let out_channels = self.positive(&name, "output channels")?;
        let dy = self.positive(&name, "vertical dilation")?;
        let dx = self.positive(&name, "horizontal dilation")?;
        if y_size % 2 != 1 || x_size % 2 != 1 {
            return err(format!("{name}: convolution filter sizes must be odd"));
        }
        if dy != 1 || dx != 1 {
            return err(format!("{name}: dilated convolutions are not supported"));
        }
        let weights = self.floats(&name, y_size * x_size * in_channels * out_channels)?;
        let packed = weights
            .chunks_exact(in_channels * out_channels)
            .map(|w| Packed::row_major(w, in_channels, out_channels))
            .collect();
        Ok(Conv {
            name,
            y_size,
            x_size,
            in_channels,
            out_channels,
            weights,
            packed,
        })
    }

    fn batch_norm(&mut self) -> Result<(String, Vec<f32>, Vec<f32>), ModelError> {
        let name = self.word("a norm's name")?;
        let n = self.positive(&name, "channels")?;
        let epsilon = self.positive_float(&name, "epsilon")? as f32;
        let has_scale = self.flag(&name, "hasScale")?;
        let has_bias = self.flag(&name, "hasBias")?;
        let mean = self.floats(&name, n)?;
        let variance = self.floats(&name, n)?;
        let scale = if has_scale {
            self.floats(&name, n)?
        } else {
            vec![1.0; n]
        };
        let bias = if has_bias {
            self.floats(&name, n)?
        } else {
            vec![0.0; n]
        };
        let merged_scale: Vec<f32> = (0..n)
            .map(|c| scale[c] / (variance[c] + epsilon).sqrt())
            .collect();
        let merged_bias = (0..n)
            .map(|c| bias[c] - merged_scale[c] * mean[c])
            .collect();
        Ok((name, merged_scale, merged_bias))
    }

    fn activation(&mut self, version: i32) -> Result<Activation, ModelError> {
        let name = self.word("an activation's name")?;
        if version < 11 {
            return Ok(Activation::Relu);
        }
        let kind = self.word(&format!("{name}'s kind"))?;
        Ok(match kind.as_str() {
            "ACTIVATION_IDENTITY" => Activation::Identity,
            "ACTIVATION_RELU" => Activation::Relu,
            "ACTIVATION_MISH" => Activation::Mish,
            "ACTIVATION_SILU" => Activation::Silu,
            _ => return err(format!("{name}: unknown activation {kind}")),
        })
    }

    fn norm(&mut self, version: i32) -> Result<Norm, ModelError> {
        let (name, scale, bias) = self.batch_norm()?;
        let activation = self.activation(version)?;
        Ok(Norm {
            name,
            scale,
            bias,
            activation,
        })
    }

    fn matmul(&mut self) -> Result<MatMul, ModelError> {
        let name = self.word("a dense layer's name")?;
        let in_channels = self.positive(&name, "input channels")?;
        let out_channels = self.positive(&name, "output channels")?;
        let weights = self.floats(&name, in_channels * out_channels)?;
        Ok(MatMul {
            name,
            in_channels,
            out_channels,
            packed: Packed::row_major(&weights, in_channels, out_channels),
            weights,
        })
    }

    fn matbias(&mut self) -> Result<MatBias, ModelError> {
        let name = self.word("a bias's name")?;
        let n = self.positive(&name, "channels")?;
        let weights = self.floats(&name, n)?;
        Ok(MatBias { name, weights })
    }

    fn rms_norm(&mut self) -> Result<RmsNorm, ModelError> {
        let name = self.word("an RMS norm's name")?;
        let n = self.positive(&name, "channels")?;
        let epsilon = self.positive_float(&name, "epsilon")? as f32;
        let weight = self.floats(&name, n)?;
        Ok(RmsNorm {
            name,
            epsilon,
            weight,
        })
    }

    fn blocks(
        &mut self,
        version: i32,
        owner: &str,
        count: usize,
        width: usize,
    ) -> Result<Vec<Block>, ModelError> {
        let mut blocks = Vec::with_capacity(count);
        for _ in 0..count {
            let kind = self.word(&format!("{owner}'s next block kind"))?;
            let block = match kind.as_str() {
                "ordinary_block" => Block::Residual(self.residual_block(version)?),
                "gpool_block" => Block::GlobalPooling(self.gpool_block(version)?),
                "nested_bottleneck_block" => Block::NestedBottleneck(self.nested_block(version)?),
                "transformer_attention_block" => Block::Attention(self.attention_block()?),
                "transformer_ffn_block" => Block::Ffn(self.ffn_block()?),
                _ => return err(format!("{owner}: unknown block kind {kind}")),
            };
            let (input, output) = block_widths(&block);
            if input != width || output != width {
                return err(format!(
                    "{owner}: a {kind} of width {input}->{output} in a stack of width {width}"
                ));
            }
            blocks.push(block);
        }
        Ok(blocks)
    }

    fn residual_block(&mut self, version: i32) -> Result<ResidualBlock, ModelError> {
        let name = self.word("a block's name")?;
        let b = ResidualBlock {
            pre: self.norm(version)?,
            conv1: self.conv()?,
            mid: self.norm(version)?,
            conv2: self.conv()?,
        };
        check(&name, "pre norm", b.pre.scale.len(), b.conv1.in_channels)?;
        check(&name, "mid norm", b.mid.scale.len(), b.conv1.out_channels)?;
        check(
            &name,
            "second conv",
            b.conv2.in_channels,
            b.conv1.out_channels,
        )?;
        Ok(b)
    }

    fn gpool_block(&mut self, version: i32) -> Result<GlobalPoolingBlock, ModelError> {
        let name = self.word("a block's name")?;
        let b = GlobalPoolingBlock {
            pre: self.norm(version)?,
            regular_conv: self.conv()?,
            gpool_conv: self.conv()?,
            gpool_norm: self.norm(version)?,
            gpool_to_bias: self.matmul()?,
            mid: self.norm(version)?,
            final_conv: self.conv()?,
        };
        check(
            &name,
            "pre norm",
            b.pre.scale.len(),
            b.regular_conv.in_channels,
        )?;
        check(
            &name,
            "gpool conv",
            b.gpool_conv.in_channels,
            b.regular_conv.in_channels,
        )?;
        check(
            &name,
            "gpool norm",
            b.gpool_norm.scale.len(),
            b.gpool_conv.out_channels,
        )?;
        check(
            &name,
            "gpool bias",
            b.gpool_to_bias.in_channels,
            3 * b.gpool_conv.out_channels,
        )?;
        check(
            &name,
            "gpool bias out",
            b.gpool_to_bias.out_channels,
            b.regular_conv.out_channels,
        )?;
        check(
            &name,
            "mid norm",
            b.mid.scale.len(),
            b.regular_conv.out_channels,
        )?;
        check(
            &name,
            "final conv",
            b.final_conv.in_channels,
            b.regular_conv.out_channels,
        )?;
        Ok(b)
    }

    fn nested_block(&mut self, version: i32) -> Result<NestedBottleneckBlock, ModelError> {
        let name = self.word("a block's name")?;
        let count = self.positive(&name, "number of inner blocks")?;
        let pre = self.norm(version)?;
        let pre_conv = self.conv()?;
        let blocks = self.blocks(version, &name, count, pre_conv.out_channels)?;
        let post = self.norm(version)?;
        let post_conv = self.conv()?;
        check(&name, "pre norm", pre.scale.len(), pre_conv.in_channels)?;
        check(&name, "post norm", post.scale.len(), pre_conv.out_channels)?;
        check(
            &name,
            "post conv",
            post_conv.in_channels,
            pre_conv.out_channels,
        )?;
        Ok(NestedBottleneckBlock {
            pre,
            pre_conv,
            blocks,
            post,
            post_conv,
        })
    }

    fn attention_block(&mut self) -> Result<AttentionBlock, ModelError> {
        let name = self.word("a block's name")?;
        let heads = self.positive(&name, "heads")?;
        let kv_heads = self.positive(&name, "key/value heads")?;
        let q_head_dim = self.positive(&name, "query head width")?;
        let v_head_dim = self.positive(&name, "value head width")?;
        let use_rope = self.flag(&name, "useRope")?;
        let learnable_rope = self.flag(&name, "learnableRope")?;
        if heads % kv_heads != 0 {
            return err(format!(
                "{name}: {heads} heads do not divide into {kv_heads} key/value heads"
            ));
        }
        if use_rope && q_head_dim % 2 != 0 {
            return err(format!(
                "{name}: query head width {q_head_dim} must be even with RoPE"
            ));
        }
        let norm = self.rms_norm()?;
        let q = self.matmul()?;
        let k = self.matmul()?;
        let v = self.matmul()?;
        let out = self.matmul()?;
        let width = q.in_channels;
        check(&name, "norm", norm.weight.len(), width)?;
        check(&name, "q projection", q.out_channels, heads * q_head_dim)?;
        check(&name, "k projection", k.out_channels, kv_heads * q_head_dim)?;
        check(&name, "v projection", v.out_channels, kv_heads * v_head_dim)?;
        check(&name, "k input", k.in_channels, width)?;
        check(&name, "v input", v.in_channels, width)?;
        check(&name, "out projection", out.in_channels, heads * v_head_dim)?;
        let rope = if !use_rope {
            Rope::None
        } else if learnable_rope {
            let fname = self.word(&format!("{name}'s rope frequencies"))?;
            let rh = self.positive(&fname, "heads")?;
            let rp = self.positive(&fname, "pairs")?;
            let r2 = self.positive(&fname, "last dimension")?;
            check(&fname, "heads", rh, kv_heads)?;
            check(&fname, "pairs", rp, q_head_dim / 2)?;
            check(&fname, "last dimension", r2, 2)?;
            Rope::Learned {
                freqs: self.floats(&fname, rh * rp * 2)?,
            }
        } else {
            let tname = self.word(&format!("{name}'s rope theta"))?;
            Rope::Fixed {
                theta: self.positive_float(&tname, "theta")? as f32,
            }
        };
        let qkv = side_by_side(&name, &[&q, &k, &v]);
        Ok(AttentionBlock {
            heads,
            kv_heads,
            q_head_dim,
            v_head_dim,
            norm,
            q,
            k,
            v,
            out,
            rope,
            qkv,
        })
    }

    fn ffn_block(&mut self) -> Result<FfnBlock, ModelError> {
        let name = self.word("a block's name")?;
        let width = self.positive(&name, "channels")?;
        let ffn = self.positive(&name, "hidden channels")?;
        if !self.flag(&name, "useSwiGLU")? {
            return err(format!(
                "{name}: feed-forward blocks without the SwiGLU gate are not supported"
            ));
        }
        let norm = self.rms_norm()?;
        let linear1 = self.matmul()?;
        let gate = self.matmul()?;
        let linear2 = self.matmul()?;
        check(&name, "norm", norm.weight.len(), width)?;
        for (what, got, want) in [
            ("linear1 input", linear1.in_channels, width),
            ("linear1 output", linear1.out_channels, ffn),
            ("gate input", gate.in_channels, width),
            ("gate output", gate.out_channels, ffn),
            ("linear2 input", linear2.in_channels, ffn),
            ("linear2 output", linear2.out_channels, width),
        ] {
            check(&name, what, got, want)?;
        }
        let up = side_by_side(&name, &[&linear1, &gate]);
        Ok(FfnBlock {
            norm,
            linear1,
            gate,
            linear2,
            up,
        })
    }

    fn trunk(&mut self, version: i32) -> Result<Trunk, ModelError> {
        let name = self.word("the trunk's name")?;
        let count = self.positive(&name, "number of blocks")?;
        let channels = self.positive(&name, "channels")?;
        for what in [
            "mid channels",
            "regular channels",
            "dilated channels",
            "gpool channels",
        ] {
            self.positive(&name, what)?;
        }
        let mut rms_tip = false;
        if version >= 15 {
            rms_tip = match self.int(&name, "trunk norm kind")? {
                0 => false,
                1 => true,
                k => return err(format!("{name}: unknown trunk norm kind {k}")),
            };
            for option in ["B", "C", "D", "E", "F"] {
                self.zero_option(&name, &format!("trunk option {option}"))?;
            }
        }
        let initial_conv = self.conv()?;
        let initial_matmul = self.matmul()?;
        check(
            &name,
            "input convolution",
            initial_conv.out_channels,
            channels,
        )?;
        check(
            &name,
            "global input layer",
            initial_matmul.out_channels,
            channels,
        )?;
        let blocks = self.blocks(version, &name, count, channels)?;
        let tip = if rms_tip {
            let tname = self.word("the trunk tip's name")?;
            let n = self.positive(&tname, "channels")?;
            let epsilon = self.positive_float(&tname, "epsilon")? as f32;
            let spatial = self.flag(&tname, "spatial")?;
            let group = self.int(&tname, "channel group size")?;
            if group != 0 {
                return err(format!(
                    "{tname}: grouped RMS norm (group size {group}) is not supported"
                ));
            }
            check(&tname, "channels", n, channels)?;
            let gamma = self.floats(&tname, n)?;
            let beta = self.floats(&tname, n)?;
            TrunkTip::RmsNorm {
                spatial,
                epsilon,
                gamma,
                beta,
                activation: self.activation(version)?,
            }
        } else {
            let norm = self.norm(version)?;
            check(&name, "tip norm", norm.scale.len(), channels)?;
            TrunkTip::Norm(norm)
        };
        Ok(Trunk {
            channels,
            initial_conv,
            initial_matmul,
            blocks,
            tip,
        })
    }

    fn policy_head(&mut self, version: i32) -> Result<PolicyHead, ModelError> {
        let name = self.word("the policy head's name")?;
        let out_channels = if version >= 17 {
            let c = self.positive(&name, "policy channels")?;
            if c != 2 && c != 4 {
                return err(format!("{name}: {c} policy channels (2 or 4 expected)"));
            }
            for option in ["A", "B", "C"] {
                self.zero_option(&name, &format!("policy option {option}"))?;
            }
            c
        } else if version == 16 {
            4
        } else if version >= 12 {
            2
        } else {
            1
        };
        if version < 15 {
            return err(format!(
                "{name}: policy heads before version 15 (no pass hidden layer) are not supported"
            ));
        }
        let p1_conv = self.conv()?;
        let g1_conv = self.conv()?;
        let g1_norm = self.norm(version)?;
        let gpool_to_bias = self.matmul()?;
        let p1_norm = self.norm(version)?;
        let p2_conv = self.conv()?;
        let pass_mul = self.matmul()?;
        let pass_bias = self.matbias()?;
        let pass_activation = self.activation(version)?;
        let pass_mul2 = self.matmul()?;
        let g = g1_conv.out_channels;
        let p = p1_conv.out_channels;
        check(&name, "g1 norm", g1_norm.scale.len(), g)?;
        check(&name, "p1 norm", p1_norm.scale.len(), p)?;
        check(&name, "gpool bias input", gpool_to_bias.in_channels, 3 * g)?;
        check(&name, "gpool bias output", gpool_to_bias.out_channels, p)?;
        check(&name, "p2 conv input", p2_conv.in_channels, p)?;
        check(&name, "p2 conv output", p2_conv.out_channels, out_channels)?;
        check(&name, "pass input", pass_mul.in_channels, 3 * g)?;
        check(
            &name,
            "pass bias",
            pass_bias.weights.len(),
            pass_mul.out_channels,
        )?;
        check(
            &name,
            "pass output",
            pass_mul2.in_channels,
            pass_mul.out_channels,
        )?;
        check(&name, "pass channels", pass_mul2.out_channels, out_channels)?;
        if p1_conv.y_size != 1 || g1_conv.y_size != 1 || p2_conv.y_size != 1 {
            return err(format!(
                "{name}: only 1x1 convolutions are supported in the policy head"
            ));
        }
        Ok(PolicyHead {
            out_channels,
            p1_conv,
            g1_conv,
            g1_norm,
            gpool_to_bias,
            p1_norm,
            p2_conv,
            pass_mul,
            pass_bias,
            pass_activation,
            pass_mul2,
        })
    }

    fn value_head(&mut self, version: i32) -> Result<ValueHead, ModelError> {
        let name = self.word("the value head's name")?;
        if version >= 17 {
            for option in ["A", "B", "C"] {
                self.zero_option(&name, &format!("value option {option}"))?;
            }
        }
        let v = ValueHead {
            v1_conv: self.conv()?,
            v1_norm: self.norm(version)?,
            v2_mul: self.matmul()?,
            v2_bias: self.matbias()?,
            v2_activation: self.activation(version)?,
            v3_mul: self.matmul()?,
            v3_bias: self.matbias()?,
            sv3_mul: self.matmul()?,
            sv3_bias: self.matbias()?,
            ownership_conv: self.conv()?,
        };
        let c = v.v1_conv.out_channels;
        check(&name, "v1 norm", v.v1_norm.scale.len(), c)?;
        check(&name, "v2 input", v.v2_mul.in_channels, 3 * c)?;
        check(
            &name,
            "v2 bias",
            v.v2_bias.weights.len(),
            v.v2_mul.out_channels,
        )?;
        check(
            &name,
            "v3 input",
            v.v3_mul.in_channels,
            v.v2_mul.out_channels,
        )?;
        check(&name, "v3 output", v.v3_mul.out_channels, 3)?;
        check(&name, "v3 bias", v.v3_bias.weights.len(), 3)?;
        check(
            &name,
            "sv3 input",
            v.sv3_mul.in_channels,
            v.v2_mul.out_channels,
        )?;
        check(&name, "sv3 output", v.sv3_mul.out_channels, 6)?;
        check(&name, "sv3 bias", v.sv3_bias.weights.len(), 6)?;
        check(&name, "ownership input", v.ownership_conv.in_channels, c)?;
        check(&name, "ownership output", v.ownership_conv.out_channels, 1)?;
        if v.v1_conv.y_size != 1 || v.ownership_conv.y_size != 1 {
            return err(format!(
                "{name}: only 1x1 convolutions are supported in the value head"
            ));
        }
        Ok(v)
    }
}

fn check(layer: &str, what: &str, got: usize, want: usize) -> Result<(), ModelError> {
    if got == want {
        Ok(())
    } else {
        err(format!(
            "{layer}: {what} has {got} channels where {want} are needed"
        ))
    }
}

/// A block's input and output widths.
fn block_widths(block: &Block) -> (usize, usize) {
    match block {
        Block::Residual(b) => (b.pre.scale.len(), b.conv2.out_channels),
        Block::GlobalPooling(b) => (b.pre.scale.len(), b.final_conv.out_channels),
        Block::NestedBottleneck(b) => (b.pre.scale.len(), b.post_conv.out_channels),
        Block::Attention(b) => (b.q.in_channels, b.out.out_channels),
        Block::Ffn(b) => (b.linear1.in_channels, b.linear2.out_channels),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A small network in KataGo's text format (`.txt`): version 15, trunk of width 4 with
    /// one nested-bottleneck block holding an attention and a feed-forward block, weights
    /// from a simple formula so that results are not trivial.
    pub(crate) fn tiny_model_text() -> String {
        let mut s = String::new();
        let mut k = 0u32;
        let mut floats = |s: &mut String, n: usize| {
            for _ in 0..n {
                k += 1;
                let v = ((k * 7919) % 200) as f32 / 1000.0 - 0.1;
                s.push_str(&format!("{v} "));
            }
            s.push('\n');
        };
        let conv = |s: &mut String,
                    f: &mut dyn FnMut(&mut String, usize),
                    name: &str,
                    k: usize,
                    i: usize,
                    o: usize| {
            s.push_str(&format!("{name} {k} {k} {i} {o} 1 1\n"));
            f(s, k * k * i * o);
        };
        let norm = |s: &mut String, f: &mut dyn FnMut(&mut String, usize), name: &str, c: usize| {
            s.push_str(&format!("{name} {c} 1e-5 1 1\n"));
            f(s, c);
            s.push_str(&"1 ".repeat(c));
            s.push('\n');
            f(s, c);
            f(s, c);
            s.push_str(&format!("{name}.act ACTIVATION_SILU\n"));
        };
        let mm = |s: &mut String,
                  f: &mut dyn FnMut(&mut String, usize),
                  name: &str,
                  i: usize,
                  o: usize| {
            s.push_str(&format!("{name} {i} {o}\n"));
            f(s, i * o);
        };
        let bias = |s: &mut String, f: &mut dyn FnMut(&mut String, usize), name: &str, c: usize| {
            s.push_str(&format!("{name} {c}\n"));
            f(s, c);
        };
        s.push_str("tiny 15 22 19 20 20 20 20 40 0.25 150 0 0 0 0 0 0 0 0\n");
        s.push_str("trunk 1 4 2 2 2 2 1 0 0 0 0 0\n");
        conv(&mut s, &mut floats, "conv_spatial", 3, 22, 4);
        mm(&mut s, &mut floats, "linear_global", 19, 4);
        s.push_str("nested_bottleneck_block b0 2\n");
        norm(&mut s, &mut floats, "b0.pre", 4);
        conv(&mut s, &mut floats, "b0.preconv", 1, 4, 2);
        s.push_str("transformer_attention_block b0.att 1 1 2 2 1 1\n");
        s.push_str("b0.att.norm 2 1e-6\n");
        floats(&mut s, 2);
        for p in ["q", "k", "v", "out"] {
            mm(&mut s, &mut floats, &format!("b0.att.{p}"), 2, 2);
        }
        s.push_str("b0.att.rope 1 1 2\n");
        floats(&mut s, 2);
        s.push_str("transformer_ffn_block b0.ffn 2 3 1\n");
        s.push_str("b0.ffn.norm 2 1e-6\n");
        floats(&mut s, 2);
        mm(&mut s, &mut floats, "b0.ffn.l1", 2, 3);
        mm(&mut s, &mut floats, "b0.ffn.gate", 2, 3);
        mm(&mut s, &mut floats, "b0.ffn.l2", 3, 2);
        norm(&mut s, &mut floats, "b0.post", 2);
        conv(&mut s, &mut floats, "b0.postconv", 1, 2, 4);
        s.push_str("tip 4 1e-6 1 0\n");
        floats(&mut s, 4);
        floats(&mut s, 4);
        s.push_str("tip.act ACTIVATION_SILU\n");
        s.push_str("policy_head\n");
        conv(&mut s, &mut floats, "p1", 1, 4, 2);
        conv(&mut s, &mut floats, "g1", 1, 4, 2);
        norm(&mut s, &mut floats, "g1n", 2);
        mm(&mut s, &mut floats, "gbias", 6, 2);
        norm(&mut s, &mut floats, "p1n", 2);
        conv(&mut s, &mut floats, "p2", 1, 2, 2);
        mm(&mut s, &mut floats, "pass", 6, 2);
        bias(&mut s, &mut floats, "passb", 2);
        s.push_str("pass.act ACTIVATION_SILU\n");
        mm(&mut s, &mut floats, "pass2", 2, 2);
        s.push_str("value_head\n");
        conv(&mut s, &mut floats, "v1", 1, 4, 2);
        norm(&mut s, &mut floats, "v1n", 2);
        mm(&mut s, &mut floats, "v2", 6, 3);
        bias(&mut s, &mut floats, "v2b", 3);
        s.push_str("v2.act ACTIVATION_SILU\n");
        mm(&mut s, &mut floats, "v3", 3, 3);
        bias(&mut s, &mut floats, "v3b", 3);
        mm(&mut s, &mut floats, "sv3", 3, 6);
        bias(&mut s, &mut floats, "sv3b", 6);
        conv(&mut s, &mut floats, "own", 1, 2, 1);
        s
    }

    #[test]
    fn the_fast_exponential_is_the_exponential() {
        for i in -10000..=10000 {
            let x = i as f32 * 0.0087;
            let (fast, exact) = (exp(x) as f64, (x as f64).exp());
            assert!(
                (fast - exact).abs() <= 3e-7 * exact,
                "e^{x}: {fast} against {exact}"
            );
        }
        // Far outside the range: clamped, normal numbers, never infinite or subnormal.
        assert!(exp(-1000.0).is_normal() && exp(-1000.0) < 1e-37);
        assert!(exp(1000.0).is_finite() && exp(1000.0) > 1e38);
    }

    #[test]
    fn a_small_network_in_text_form_is_read_whole() {
        let m = Model::parse(tiny_model_text().as_bytes(), false).unwrap();
        assert_eq!((m.name.as_str(), m.version), ("tiny", 15));
        assert_eq!(m.trunk.blocks.len(), 1);
        let Block::NestedBottleneck(nb) = &m.trunk.blocks[0] else {
            panic!("a nested block")
        };
        assert!(matches!(nb.blocks[0], Block::Attention(_)));
        assert!(matches!(nb.blocks[1], Block::Ffn(_)));
        assert!(matches!(
            m.trunk.tip,
            TrunkTip::RmsNorm { spatial: true, .. }
        ));
        assert_eq!(m.post.shortterm_score_error, 150.0);
    }

    #[test]
    fn an_unknown_block_kind_is_refused_by_name() {
        let text = tiny_model_text().replace("transformer_ffn_block", "mystery_block");
        let e = Model::parse(text.as_bytes(), false).unwrap_err();
        assert!(e.0.contains("unknown block kind mystery_block"), "{e}");
    }

    #[test]
    fn an_unknown_version_or_activation_is_refused() {
        let text = tiny_model_text().replacen("tiny 15", "tiny 99", 1);
        let e = Model::parse(text.as_bytes(), false).unwrap_err();
        assert!(e.0.contains("unsupported model version 99"), "{e}");
        let text = tiny_model_text().replacen("ACTIVATION_SILU", "ACTIVATION_GELU", 1);
        let e = Model::parse(text.as_bytes(), false).unwrap_err();
        assert!(e.0.contains("unknown activation ACTIVATION_GELU"), "{e}");
    }

    #[test]
    fn a_truncated_or_corrupted_file_is_refused_with_a_reason() {
        let text = tiny_model_text();
        // Cut in the header, in the middle, and inside the last layer's sizes.
        let last = text.rfind("own 1 1").unwrap() + 5;
        for cut in [10, text.len() / 3, last] {
            let e = Model::parse(&text.as_bytes()[..cut], false).unwrap_err();
            assert!(!e.0.is_empty());
        }
        // A binary file cut inside a weight block.
        let mut bin = b"tiny 15 22 19 20 20 20 20 40 0.25 150 0 0 0 0 0 0 0 0\n".to_vec();
        bin.extend_from_slice(b"trunk 1 4 2 2 2 2 1 0 0 0 0 0\nconv_spatial 3 3 22 4 1 1\n@BIN@");
        bin.extend_from_slice(&[0u8; 40]);
        let e = Model::parse(&bin, true).unwrap_err();
        assert!(
            e.0.contains("conv_spatial: the file ends inside its weights"),
            "{e}"
        );
        // Not a gzip file at all.
        let dir = std::env::temp_dir().join(format!("koan-nn-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("broken.bin.gz");
        std::fs::write(&path, b"not gzip").unwrap();
        let e = Model::load(&path).unwrap_err();
        assert!(e.0.contains("not a readable gzip file"), "{e}");
        let e = Model::load(&dir.join("missing.bin.gz")).unwrap_err();
        assert!(e.0.contains("cannot read"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
