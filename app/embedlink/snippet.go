package embedlink

import (
	"html"
	"strconv"
)

// HeightMessage is the type of the only message an embed sends its parent
// page: {"type": HeightMessage, "height": N}, N its height in CSS pixels,
// so the page can size the iframe. An embed listens to no message.
const HeightMessage = "partitionlab-embed-height"

// Snippet is the HTML a page author pastes to embed src: an iframe as wide
// as its column (at most 900 px, the widest the embed is laid out for),
// height pixels high, with a title a screen reader says.
func Snippet(src, title string, height int) string {
	return `<iframe src="` + html.EscapeString(src) + `" title="` + html.EscapeString(title) +
		`" width="100%" height="` + strconv.Itoa(height) +
		`" style="border:0;max-width:900px" loading="lazy"></iframe>`
}
