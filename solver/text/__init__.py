"""What a person reads: names of things, tables, sentences and JSON, in English and Chinese."""
