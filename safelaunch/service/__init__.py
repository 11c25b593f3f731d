"""The service: safelaunch as a systemd unit.

Installing the unit and its env file (`install`), sd_notify (`notify`), the Prometheus endpoint (`metrics`).
It may import `core` and the shared leaves; the supervisor calls it through small callbacks.
"""
