#!/bin/sh
# The "editor" of the dev tests (LAUNCH_EDITOR): records the file, line and column that
# Vite's /__open-in-editor was asked to open.
echo "$@" >> "$EDITOR_LOG"
