//! Backend failures → source failures.
