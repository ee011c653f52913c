//! KataGo's neural networks on the CPU: reading a network file, computing its forward pass,
//! and feeding it a position as KataGo does, so that koan's numbers for a position are
//! KataGo's own.
//!
//! - [`model`]: the file format and every layer kind (convolutions, batch norms, residual,
//!   global-pooling and nested-bottleneck blocks, transformer attention with rotary position
//!   encoding, gated feed-forward blocks, the heads).
//! - [`forward`]: the forward pass over preallocated buffers.
//! - [`gemm`]: its matrix products, with packing buffers the caller owns.
//! - [`symmetry`]: the eight orientations of the board, as KataGo numbers them.
//! - [`inputs`]: the input planes and global inputs of KataGo's input version 7.
//! - [`network`]: a network loaded for play, shared by its evaluators.
//! - [`pool`]: the evaluators of a search's threads, each on a thread kept for the pool's life.
//! - [`eval`]: an evaluator for a game position and KataGo's post-processing, and the text of
//!   `kata-raw-nn`.

pub mod eval;
pub mod forward;
pub mod gemm;
pub mod inputs;
pub mod model;
pub mod network;
pub mod pool;
pub mod symmetry;

pub use eval::{Evaluation, Evaluator};
pub use model::{Model, ModelError};
pub use network::Network;
pub use pool::EvaluatorPool;
