"""PettingZoo's AECEnv as declared for type checkers: see _aec_types.pyi (never imported)."""
