//! Running Silicon on a Silver file and parsing its output.
