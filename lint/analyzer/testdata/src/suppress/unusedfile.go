package suppress

//relurl:ignore-file syntax -- // suppress/unused // want `this relurl:ignore-file directive suppressed nothing in the file \(it names syntax\)`

import "net/url"

func h() {
	_, _ = url.Parse("/ok")
}
