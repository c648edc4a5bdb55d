//! Provisioning of Silicon and Z3 into the cache directory (pinned, checksummed).
pub struct SiliconPaths {
    pub jar: std::path::PathBuf,
}
pub fn ensure_silicon() -> Result<SiliconPaths, super::BackendError> {
    todo!()
}
