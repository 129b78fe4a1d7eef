"""The Qt client: map widget, panels, log and replay views."""
