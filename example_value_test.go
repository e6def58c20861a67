package relurl_test

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"

	"github.com/relurl/relurl"
)

func ExampleParseProfile() {
	for _, text := range []string{"", "rfc1738", "allow:~, rfc2732", "rfc3986"} {
		p, err := relurl.ParseProfile(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%q is %s\n", text, p)
	}
	// Output:
	// "" is rfc1808
	// "rfc1738" is rfc1738
	// "allow:~, rfc2732" is rfc2732,allow:~
	// profile "rfc3986": "rfc3986" is none of rfc1808, rfc1738, rfc2732 and allow:CHARS
}

func ExampleProfile_Parse() {
	strict := relurl.Profile{} // RFC 1808 alone, the default
	tilde, _ := relurl.ParseProfile("allow:~")
	for _, p := range []relurl.Profile{strict, tilde} {
		_, err := p.Parse("http://example.com/~joe/")
		fmt.Printf("%s: %v\n", p, err)
	}
	// Output:
	// rfc1808: parse "http://example.com/~joe/": offset 19: fsegment: national character '~' is not allowed in fsegment; write it as %7E
	// allow:~: <nil>
}

func ExampleProfile_Validate() {
	p, _ := relurl.ParseProfile("rfc1738")
	const s = "HTTP://www_example.com:8o/"
	_, diags := p.Validate(s)
	for _, d := range diags {
		fmt.Printf("%s %s %q\n", d.Severity, d.Rule, d.Text)
	}
	fmt.Println(diags.HasErrors())
	// Output:
	// warning rfc1738/scheme-case "HTTP"
	// error rfc1738/host "www_example.com"
	// error rfc1738/port ":8o"
	// true
}

// A flag holds a profile, as JSON or TOML can: Profile is a
// TextUnmarshaler.
func ExampleProfile_UnmarshalText() {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	var p relurl.Profile
	fs.TextVar(&p, "profile", relurl.Profile{}, "the rules URLs are read under")
	_ = fs.Parse([]string{"-profile", "rfc1738,rfc2732"})
	_, err := p.Parse("http://[2001:db8::1]:8080/")
	fmt.Println(p, err)
	// Output:
	// rfc1738,rfc2732 <nil>
}

func ExampleURL_MarshalText() {
	u, _ := relurl.Parse("http://a/b/c/d;p?q#f")
	j, _ := json.Marshal(struct{ Home relurl.URL }{u})
	fmt.Println(string(j))
	// Output:
	// {"Home":"http://a/b/c/d;p?q#f"}
}

func ExampleURL_UnmarshalText() {
	var config struct{ Home relurl.URL }
	err := json.Unmarshal([]byte(`{"Home": "http://a/b/c/d;p?q#f"}`), &config)
	fmt.Println(config.Home.NetLoc, config.Home.Path, err)

	err = json.Unmarshal([]byte(`{"Home": "http://a/b c"}`), &config)
	fmt.Println(errors.Is(err, relurl.ErrSyntax))
	// Output:
	// a /b/c/d <nil>
	// true
}

func ExampleURL_Host() {
	for _, s := range []string{"ftp://anna@ftp.example.com:21/pub", "http://www_example.com/", "file:///etc/hosts"} {
		u, _ := relurl.Parse(s)
		host, err := u.Host()
		fmt.Printf("%q %v\n", host, err)
	}
	// Output:
	// "ftp.example.com" <nil>
	// "" host "http://www_example.com/": offset 7: net_loc: the host "www_example.com" holds "_", and a hostname is letters, digits, "-" and ".": host = hostname | hostnumber (RFC 1738 §3.1)
	// "" <nil>
}

func ExampleURL_Port() {
	for _, s := range []string{"http://a:8080/", "http://a/", "http://a:http/"} {
		u, _ := relurl.Parse(s)
		port, err := u.Port()
		var d *relurl.Diagnostic
		if errors.As(err, &d) {
			fmt.Println(d.Rule, d.Offset, d.Text)
			continue
		}
		fmt.Printf("%q\n", port)
	}
	// Output:
	// "8080"
	// ""
	// rfc1738/port 8 :http
}

func ExampleForm_UnmarshalText() {
	var f relurl.Form
	err := f.UnmarshalText([]byte("generic-RL"))
	fmt.Println(f == relurl.FormGenericRL, err)
	// Output:
	// true <nil>
}

func ExamplePath_Segments() {
	u, _ := relurl.Parse("http://a/b//c/")
	for seg := range u.Path.Segments() {
		fmt.Printf("%q ", seg)
	}
	fmt.Println()
	// Output:
	// "b" "" "c" ""
}

// Every error is an *Error; errors.Is tells what went wrong, errors.As
// finds the diagnostics.
func Example_errors() {
	_, err1 := relurl.Parse("a b")
	_, err2 := relurl.Resolve("g", "h")
	_, err3 := relurl.Relative("http://a/", "g")
	for _, err := range []error{err1, err2, err3} {
		var all relurl.Diagnostics
		errors.As(err, &all)
		fmt.Println(errors.Is(err, relurl.ErrSyntax), errors.Is(err, relurl.ErrUnsuitableBase),
			errors.Is(err, relurl.ErrTargetNotAbsolute), len(all))
	}
	// Output:
	// true false false 1
	// false true false 1
	// false false true 0
}

func ExampleSeverity_UnmarshalText() {
	var config struct{ FailOn relurl.Severity }
	err := json.Unmarshal([]byte(`{"FailOn": "warning"}`), &config)
	fmt.Println(config.FailOn, config.FailOn == relurl.SeverityWarning, err)
	// Output:
	// warning true <nil>
}
