"""The Qt desktop application."""
