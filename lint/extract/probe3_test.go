package extract

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

func TestProbeCorpus(t *testing.T) {
	list := os.Getenv("CORPUS")
	if list == "" {
		t.Skip()
	}
	data, _ := os.ReadFile(list)
	var total time.Duration
	var bytes int
	for _, f := range strings.Fields(string(data)) {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		k, ok := KindByName(f)
		if !ok {
			continue
		}
		start := time.Now()
		Extract(string(b), k, "", Handler{Note: func(n Note) { fmt.Printf("NOTE %s: %s %s\n", f, n.Kind, n.Message) }})
		d := time.Since(start)
		total += d
		bytes += len(b)
		if d > 200*time.Millisecond {
			fmt.Printf("SLOW %s %v %d\n", f, d, len(b))
		}
	}
	fmt.Printf("%d bytes in %v: %.1f MB/s\n", bytes, total, float64(bytes)/total.Seconds()/1e6)
}
