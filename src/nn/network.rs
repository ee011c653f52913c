//! A network loaded for play: the model read once from its file and shared by every
//! evaluator (the search's threads, the GTP commands), named by its file in logs.

use super::eval::Evaluator;
use super::model::{Model, ModelError};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A KataGo network read from a file, cheap to clone (the weights are shared).
#[derive(Clone)]
pub struct Network {
    model: Arc<Model>,
    path: PathBuf,
}

impl Network {
    /// Reads the network in `path`; the error names the file and what is wrong with it
    /// (missing, not gzip, an unknown version or layer kind, truncated).
    pub fn load(path: &Path) -> Result<Network, ModelError> {
        let model = Model::load(path)?;
        tracing::info!(
            "network {} ({} parameters) from {}",
            model.name,
            model.parameter_count(),
            path.display()
        );
        Ok(Network {
            model: Arc::new(model),
            path: path.to_path_buf(),
        })
    }

    /// A network already read (tests, tools).
    pub fn from_model(model: Model, path: impl Into<PathBuf>) -> Network {
        Network {
            model: Arc::new(model),
            path: path.into(),
        }
    }

    /// The model.
    pub fn model(&self) -> &Arc<Model> {
        &self.model
    }

    /// The file it was read from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A new evaluator of this network, with its own buffers.
    pub fn evaluator(&self) -> Evaluator {
        Evaluator::new(Arc::clone(&self.model))
    }
}

impl fmt::Debug for Network {
    /// The network's name and file, not its weights.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({} from {})",
            self.model.name,
            self.path.display()
        )
    }
}
