"""`python -m safelaunch.loadgen`: the documented entry point of the load generator in `safelaunch.upstream`."""

from safelaunch.upstream.loadgen import main

if __name__ == "__main__":
    raise SystemExit(main())
