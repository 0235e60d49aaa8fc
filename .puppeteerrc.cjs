// pa11y-ci pulls in puppeteer; its browser download cannot work here: we use Debian's Chromium.
module.exports = { skipDownload: true }
