# The two commands of the README. Each installs missing system packages first (Tools/setup.sh).
.PHONY: demo test build release

demo:
	bash Tools/demo.sh

test:
	bash Tools/test.sh

build:
	bash Tools/setup.sh && swift build

release:
	bash Tools/setup.sh && swift build -c release
