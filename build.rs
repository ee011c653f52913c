//! Names the commit koan is built from (`KOAN_COMMIT`, for `koan --version` and GTP
//! `version`): the short hash of `git rev-parse HEAD`, with `-modified` when the work tree
//! has uncommitted changes, or `unknown` outside a git checkout.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

fn main() {
    let commit = git(&["rev-parse", "--short=9", "HEAD"]).map_or_else(
        || "unknown".to_string(),
        |hash| {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"]).is_some();
            if dirty {
                format!("{hash}-modified")
            } else {
                hash
            }
        },
    );
    println!("cargo:rustc-env=KOAN_COMMIT={commit}");
    println!("cargo:rerun-if-changed=build.rs");
    // Build again when HEAD moves (a commit, a checkout); only paths that exist, since a
    // missing one would make every build run this script again.
    for (dir, file) in [
        (git(&["rev-parse", "--git-dir"]), "HEAD"),
        (git(&["rev-parse", "--git-dir"]), "index"),
        (git(&["rev-parse", "--git-common-dir"]), "refs/heads"),
        (git(&["rev-parse", "--git-common-dir"]), "packed-refs"),
    ] {
        if let Some(dir) = dir {
            let path = Path::new(&dir).join(file);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
}
