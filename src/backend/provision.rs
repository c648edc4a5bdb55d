//! Provisioning of Silicon and Z3 into the cache directory (pinned, checksummed).
