package lint
