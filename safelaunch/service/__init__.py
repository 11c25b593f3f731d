"""The service: safelaunch as a systemd unit.

An instance's settings, env file and unit text (`unit_files`, pure), installing them and the systemctl commands
(`install`), sd_notify (`notify`), the Prometheus endpoint (`metrics`). It may import `core` and the shared
leaves; the supervisor calls it through small callbacks.
"""
