"""What the ``phz`` command needs around the solver: batches, benchmarks, streams and signals."""
