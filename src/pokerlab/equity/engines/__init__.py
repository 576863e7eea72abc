"""The engines that deal and count showdowns for the equity driver, one per hand rule."""
