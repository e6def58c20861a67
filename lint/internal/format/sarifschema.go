package format

// The SARIF 2.1.0 log (https://docs.oasis-open.org/sarif/sarif/v2.1.0/),
// the subset relurl writes, as GitHub code scanning reads it. Field names
// are the schema's.

type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		ColumnKind  string            `json:"columnKind"`
		Results     []sarifResult     `json:"results"`
		Invocations []sarifInvocation `json:"invocations"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Version        string      `json:"version,omitempty"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string            `json:"id"`
		Name                 string            `json:"name"`
		ShortDescription     sarifText         `json:"shortDescription"`
		FullDescription      sarifText         `json:"fullDescription"`
		Help                 sarifText         `json:"help"`
		HelpURI              string            `json:"helpUri"`
		DefaultConfiguration sarifConfig       `json:"defaultConfiguration"`
		Properties           sarifRuleProperty `json:"properties"`
	}
	sarifText struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifConfig struct {
		Enabled bool   `json:"enabled"`
		Level   string `json:"level"`
	}
	sarifRuleProperty struct {
		Tags      []string `json:"tags"`
		Precision string   `json:"precision"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifText         `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints sarifFingerprints `json:"partialFingerprints"`
		Fixes               []sarifFix        `json:"fixes,omitempty"`
	}
	// sarifFix is a proposed fix (§3.55): the changes of one file.
	sarifFix struct {
		Description     sarifText             `json:"description"`
		ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	}
	sarifArtifactChange struct {
		ArtifactLocation sarifArtifact      `json:"artifactLocation"`
		Replacements     []sarifReplacement `json:"replacements"`
	}
	// sarifReplacement replaces the bytes of deletedRegion, a binary
	// region (§3.30.2: byte offsets, as relurl's edits count), with
	// insertedContent, absent for a deletion (§3.57).
	sarifReplacement struct {
		DeletedRegion   sarifByteRegion `json:"deletedRegion"`
		InsertedContent *sarifContent   `json:"insertedContent,omitempty"`
	}
	sarifByteRegion struct {
		ByteOffset int `json:"byteOffset"`
		ByteLength int `json:"byteLength"`
	}
	sarifContent struct {
		Text string `json:"text"`
	}
	// sarifFingerprints are a result's partial fingerprints: relurl's one,
	// under FingerprintKey.
	sarifFingerprints struct {
		V1 string `json:"relurlFinding/v1"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	// sarifInvocation is the run's one invocation of the tool: whether it
	// read every input, and a notification for each it could not.
	sarifInvocation struct {
		ExecutionSuccessful bool                `json:"executionSuccessful"`
		Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level     string          `json:"level"`
		Message   sarifText       `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
)
