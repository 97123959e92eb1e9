"""codedebate: reproducible multi-agent debate experiments for code generation."""

__version__ = "0.1.0"
