//! Silver printer (pretty), recording where each blamed node lands.
