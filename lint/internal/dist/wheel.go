package dist

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
)

// Wheel is one Python wheel: its file name and the zip's bytes.
type Wheel struct {
	File string
	Data []byte
}

// wheelMetadata is the METADATA of the wheels, core metadata 2.1: the
// license is its License field and its classifier, and the file is under
// .dist-info/licenses/ (decision I-5).
const wheelMetadata = `Metadata-Version: 2.1
Name: relurl
Version: %s
Summary: Lint the URLs of documentation trees under RFC 1808 (HTML, Markdown, CSS, XML)
License: ` + SPDXLicense + `
Classifier: License :: OSI Approved :: MIT License
Project-URL: Homepage, ` + repository + `
Project-URL: Documentation, ` + repository + `/blob/main/docs/install.md
Requires-Python: >=3.7
Description-Content-Type: text/markdown

# relurl

relurl lints the URLs of documentation (HTML, Markdown, CSS, XML) under RFC 1808. This wheel
carries the relurl binary and puts it on the PATH of the environment it is installed in:

    pip install relurl
    relurl lint --base https://docs.example.org/ docs/
`

// PyWheel returns the wheel of one platform, as ruff and typos ship theirs
// (decision I-4): the binary under relurl-VERSION.data/scripts, which pip
// installs into the environment's bin (Scripts on Windows), executable;
// METADATA, the license under .dist-info/licenses/, WHEEL with a py3-none
// tag per platform tag, and RECORD with each file's SHA-256 and size.
func PyWheel(p Platform, v Version, binary, license []byte) (Wheel, error) {
	ver, err := v.PEP440()
	if err != nil {
		return Wheel{}, err
	}
	distInfo := "relurl-" + ver + ".dist-info/"
	var wheel strings.Builder
	wheel.WriteString("Wheel-Version: 1.0\nGenerator: relurl internal/dist\nRoot-Is-Purelib: false\n")
	for tag := range strings.SplitSeq(p.WheelTag, ".") {
		fmt.Fprintf(&wheel, "Tag: py3-none-%s\n", tag)
	}
	files := []File{
		{Name: "relurl-" + ver + ".data/scripts/" + p.Exe("relurl"), Data: binary, Exec: true},
		{Name: distInfo + "METADATA", Data: fmt.Appendf(nil, wheelMetadata, ver)},
		{Name: distInfo + "licenses/" + License, Data: license},
		{Name: distInfo + "WHEEL", Data: []byte(wheel.String())},
	}
	var record bytes.Buffer
	for _, f := range files {
		sum := sha256.Sum256(f.Data)
		fmt.Fprintf(&record, "%s,sha256=%s,%d\n", f.Name, base64.RawURLEncoding.EncodeToString(sum[:]), len(f.Data))
	}
	fmt.Fprintf(&record, "%sRECORD,,\n", distInfo)
	files = append(files, File{Name: distInfo + "RECORD", Data: record.Bytes()})
	var b bytes.Buffer
	if err := Zip(&b, files, v.Time); err != nil {
		return Wheel{}, fmt.Errorf("wheel for %s: %w", p, err)
	}
	return Wheel{File: fmt.Sprintf("relurl-%s-py3-none-%s.whl", ver, p.WheelTag), Data: b.Bytes()}, nil
}
