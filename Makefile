# The two commands of the README. Each installs missing system packages first (Tools/setup.sh).
.PHONY: demo test build release reference

demo:
	bash Tools/demo.sh

test:
	bash Tools/test.sh

build:
	bash Tools/setup.sh && swift build

release:
	bash Tools/setup.sh && swift build -c release

# Regenerates the README's tool block and docs/cli.md from the tool's option tables.
reference:
	bash Tools/update-reference.sh
