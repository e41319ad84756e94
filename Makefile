# Thin aliases for ./dev (which works without make on a bare machine).
.PHONY: run test deps build bench fmt
run test deps build bench fmt:
	./dev $@
