"""The web table's tests (a package, so that its conftest has a name of its own)."""
