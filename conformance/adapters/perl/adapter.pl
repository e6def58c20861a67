#!/usr/bin/perl
# RFC 1808 conformance adapter: Perl's URI module (URI->new_abs, URI->new;
# Debian's liburi-perl). Reads cases on standard input, one JSON object a
# line ({"input", "base"}), and writes a line describing the module, then
# one answer a line: the URL as_string gives and the URI's parts, or
# {"error"}. See docs/conformance-data.md.
use strict;
use warnings;
use JSON::PP;
use URI;

my $json = JSON::PP->new->utf8->canonical;
binmode STDOUT;
$| = 0;
print $json->encode({
    implementation   => 'Perl URI',
    version          => "$URI::VERSION",
    api              => 'URI->new_abs, URI->new',
    validity         => JSON::PP::false,    # it escapes what it cannot take
    empty_components => JSON::PP::true,     # query and fragment are undef when absent
    params           => JSON::PP::false,
}), "\n";
while (my $line = <STDIN>) {
    chomp $line;
    my $c = $json->decode($line);
    my $out = eval {
        my $u = defined $c->{base} ? URI->new_abs($c->{input}, $c->{base}) : URI->new($c->{input});
        my %r = (href => $u->as_string, scheme => $u->scheme);
        $r{net_loc}  = $u->can('authority') ? $u->authority : undef;
        $r{path}     = $u->can('path') ? $u->path : $u->opaque;
        $r{path}     = '' unless defined $r{path};
        $r{query}    = $u->can('query') ? $u->query : undef;
        $r{fragment} = $u->fragment;
        \%r;
    };
    $out = { error => "$@" } unless $out;
    print $json->encode($out), "\n";
}
