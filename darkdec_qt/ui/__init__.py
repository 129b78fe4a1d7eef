"""The Qt client: map widget, panels, log and replay views."""

from darkdec_qt.ui._pyside_fix import protect_none

protect_none()
