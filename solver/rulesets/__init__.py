"""The shipped rulesets, one TOML file each (read by solver.model.ruleset_file)."""
