// Package sweepclient is the page's side of a sweep, as plain Go: the
// sweep's address (the scenario, what varies, the seeds, the requirements
// and the scope in the URL's fragment, so a reload or a link gives the
// same picture), the form's fields checked one by one with the library's
// messages, and the schedule that hands a sweep's runs to the Web
// Workers and gathers their replies in any order.
//
// sweepclient must never import go-app or net/http: it tests natively.
package sweepclient
