//! Record files: reading one safely (regular files only, of bounded size, opened without
//! blocking) and writing one. A program that takes file names from its controller (GTP's
//! `loadsgf` and `printsgf`) must not hang on a named pipe or a device.

/// Largest SGF file [`read_file`] reads.
const MAX_SGF_BYTES: u64 = 32 << 20;

/// The reason given for a path that names a pipe, a device or a directory.
const NOT_A_REGULAR_FILE: &str = "not a regular file";

/// Reads a game record's text: regular files only (not devices or pipes, which could block
/// or never end), at most 32 MiB, invalid UTF-8 replaced. The path is looked at before it is
/// opened, and opened without blocking, so a named pipe with no writer cannot hold the
/// caller.
pub fn read_file(path: &str) -> Result<String, String> {
    use std::io::Read;
    require_regular_file(path, false)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        /// Linux's `O_NONBLOCK`: opening a pipe returns at once instead of waiting for a writer.
        const O_NONBLOCK: i32 = 0o4000;
        options.custom_flags(O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(NOT_A_REGULAR_FILE.into());
    }
    if meta.len() > MAX_SGF_BYTES {
        return Err(format!("larger than {} MiB", MAX_SGF_BYTES >> 20));
    }
    let mut bytes = Vec::new();
    file.take(MAX_SGF_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Writes `text` to the file at `path`, refusing a path that names a pipe, a device or a
/// directory.
pub fn write_file(path: &str, text: &str) -> Result<(), String> {
    require_regular_file(path, true)?;
    std::fs::write(path, text).map_err(|e| e.to_string())
}

/// Refuses a path that exists and is not a regular file (a named pipe, a device, a
/// directory): opening one could block forever or never end. A missing path is refused too,
/// unless `may_be_new` (a file about to be written).
fn require_regular_file(path: &str, may_be_new: bool) -> Result<(), String> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(_) => Err(NOT_A_REGULAR_FILE.into()),
        Err(e) if may_be_new && e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directories_and_missing_files_are_refused_and_a_record_round_trips() {
        let dir = std::env::temp_dir();
        let dir_name = dir.to_string_lossy().into_owned();
        assert_eq!(read_file(&dir_name), Err(NOT_A_REGULAR_FILE.into()));
        assert!(write_file(&dir_name, "x").is_err());
        let path = dir.join(format!("koan-sgf-file-{}.sgf", std::process::id()));
        let path = path.to_string_lossy().into_owned();
        assert!(read_file(&path).is_err());
        write_file(&path, "(;SZ[9])").unwrap();
        assert_eq!(read_file(&path).unwrap(), "(;SZ[9])");
        std::fs::remove_file(&path).unwrap();
    }
}
