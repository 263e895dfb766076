# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs one pytest suite for CTest: skipped (exit 77) where pytest is not installed or the module
does not import, skip reasons listed (-rs), no cache written into the source tree."""
import sys

try:
    import pytest
except ImportError:
    print("pytest is not installed (Debian: python3-pytest): the Python module's tests skipped")
    sys.exit(77)

try:
    import lanescope  # noqa: F401
except ImportError as e:
    print(f"the lanescope module does not import ({e}; PYTHONPATH: build/<preset>/python): its tests skipped")
    sys.exit(77)

sys.exit(pytest.main([sys.argv[1], "-q", "-rs", "-p", "no:cacheprovider"] + sys.argv[2:]))
