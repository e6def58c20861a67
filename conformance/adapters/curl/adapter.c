/*
 * RFC 1808 conformance adapter: curl's URL API (curl_url_set,
 * curl_url_get; Debian's libcurl4-openssl-dev). Reads cases on standard
 * input, one JSON object a line ({"input", "base"}), and writes a line
 * describing the library, then one answer a line: the URL curl_url_get
 * gives and its parts, or {"error"}. The reference is set on a handle
 * holding the base, which resolves it; a null or empty base is no base.
 * CURLU_NON_SUPPORT_SCHEME lets any scheme through (g:h, mailto:x). A C
 * string cannot hold NUL: an input holding one is answered with an error
 * saying so. See docs/conformance-data.md.
 *
 *   cc -o adapter adapter.c -lcurl
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A string read from JSON: bytes and length (NUL may be among them). */
struct str {
	char *s;
	size_t n;
	int null;
};

static void put_utf8(struct str *o, unsigned long c) {
	if (c < 0x80) {
		o->s[o->n++] = (char)c;
	} else if (c < 0x800) {
		o->s[o->n++] = (char)(0xC0 | c >> 6);
		o->s[o->n++] = (char)(0x80 | (c & 0x3F));
	} else if (c < 0x10000) {
		o->s[o->n++] = (char)(0xE0 | c >> 12);
		o->s[o->n++] = (char)(0x80 | (c >> 6 & 0x3F));
		o->s[o->n++] = (char)(0x80 | (c & 0x3F));
	} else {
		o->s[o->n++] = (char)(0xF0 | c >> 18);
		o->s[o->n++] = (char)(0x80 | (c >> 12 & 0x3F));
		o->s[o->n++] = (char)(0x80 | (c >> 6 & 0x3F));
		o->s[o->n++] = (char)(0x80 | (c & 0x3F));
	}
}

static unsigned long hex4(const char *p) {
	char b[5] = {p[0], p[1], p[2], p[3], 0};
	return strtoul(b, NULL, 16);
}

/* field finds "name": in the line and reads its value, a JSON string or
 * null. The harness writes each case as {"input":...,"base":...}. */
static int field(const char *line, const char *name, struct str *o) {
	char key[32];
	snprintf(key, sizeof key, "\"%s\":", name);
	const char *p = strstr(line, key);
	if (!p)
		return -1;
	p += strlen(key);
	while (*p == ' ')
		p++;
	if (strncmp(p, "null", 4) == 0) {
		o->null = 1;
		o->s = NULL;
		o->n = 0;
		return 0;
	}
	if (*p++ != '"')
		return -1;
	o->null = 0;
	o->s = malloc(strlen(p) * 2 + 1);
	o->n = 0;
	for (; *p && *p != '"'; p++) {
		if (*p != '\\') {
			o->s[o->n++] = *p;
			continue;
		}
		p++;
		switch (*p) {
		case 'n': o->s[o->n++] = '\n'; break;
		case 't': o->s[o->n++] = '\t'; break;
		case 'r': o->s[o->n++] = '\r'; break;
		case 'b': o->s[o->n++] = '\b'; break;
		case 'f': o->s[o->n++] = '\f'; break;
		case 'u': {
			unsigned long c = hex4(p + 1);
			p += 4;
			if (c >= 0xD800 && c < 0xDC00 && p[1] == '\\' && p[2] == 'u') {
				unsigned long lo = hex4(p + 3);
				c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
				p += 6;
			}
			put_utf8(o, c);
			break;
		}
		default: o->s[o->n++] = *p; /* \" \\ \/ */
		}
	}
	o->s[o->n] = 0;
	return 0;
}

/* json writes s as a JSON string, or null. */
static void json(const char *s) {
	if (!s) {
		fputs("null", stdout);
		return;
	}
	putchar('"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			printf("\\%c", *p);
		else if (*p < 0x20 || *p == 0x7F)
			printf("\\u%04x", *p);
		else
			putchar(*p);
	}
	putchar('"');
}

static char *part(CURLU *h, CURLUPart what) {
	char *s = NULL;
	if (curl_url_get(h, what, &s, 0) != CURLUE_OK)
		return NULL;
	return s;
}

static void answer(const struct str *input, const struct str *base) {
	const unsigned int flags = CURLU_NON_SUPPORT_SCHEME;
	if (strlen(input->s) != input->n || (!base->null && strlen(base->s) != base->n)) {
		puts("{\"error\": \"the C API takes no NUL\"}");
		return;
	}
	CURLU *h = curl_url();
	CURLUcode rc;
	if (!base->null && base->n > 0 && (rc = curl_url_set(h, CURLUPART_URL, base->s, flags)) != CURLUE_OK) {
		printf("{\"error\": ");
		json(curl_url_strerror(rc));
		puts("}");
		curl_url_cleanup(h);
		return;
	}
	if ((rc = curl_url_set(h, CURLUPART_URL, input->s, flags)) != CURLUE_OK) {
		printf("{\"error\": ");
		json(curl_url_strerror(rc));
		puts("}");
		curl_url_cleanup(h);
		return;
	}
	char *href = part(h, CURLUPART_URL), *scheme = part(h, CURLUPART_SCHEME);
	char *user = part(h, CURLUPART_USER), *pass = part(h, CURLUPART_PASSWORD);
	char *host = part(h, CURLUPART_HOST), *port = part(h, CURLUPART_PORT);
	char *path = part(h, CURLUPART_PATH), *query = part(h, CURLUPART_QUERY);
	char *frag = part(h, CURLUPART_FRAGMENT);
	char *netloc = NULL;
	if (host) {
		size_t n = strlen(host) + (user ? strlen(user) + 1 : 0) + (pass ? strlen(pass) + 1 : 0) + (port ? strlen(port) + 1 : 0) + 1;
		netloc = malloc(n);
		snprintf(netloc, n, "%s%s%s%s%s%s%s", user ? user : "", pass ? ":" : "", pass ? pass : "",
			 user || pass ? "@" : "", host, port ? ":" : "", port ? port : "");
	}
	printf("{\"href\": ");
	json(href);
	printf(", \"scheme\": ");
	json(scheme);
	printf(", \"net_loc\": ");
	json(netloc);
	printf(", \"path\": ");
	json(path ? path : "");
	printf(", \"query\": ");
	json(query);
	printf(", \"fragment\": ");
	json(frag);
	puts("}");
	curl_free(href), curl_free(scheme), curl_free(user), curl_free(pass), curl_free(host);
	curl_free(port), curl_free(path), curl_free(query), curl_free(frag);
	free(netloc);
	curl_url_cleanup(h);
}

int main(void) {
	printf("{\"implementation\": \"curl URL API\", \"version\": ");
	json(curl_version_info(CURLVERSION_NOW)->version);
	printf(", \"api\": \"curl_url_set, curl_url_get\", \"validity\": true, \"empty_components\": false, \"params\": false}\n");
	size_t cap = 0;
	char *line = NULL;
	ssize_t len;
	while ((len = getline(&line, &cap, stdin)) > 0) {
		struct str input, base;
		if (field(line, "input", &input) != 0 || field(line, "base", &base) != 0) {
			fprintf(stderr, "adapter: not a case: %s", line);
			return 1;
		}
		answer(&input, &base);
		free(input.s);
		free(base.s);
	}
	free(line);
	return 0;
}
