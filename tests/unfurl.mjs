// Reads link previews as two real unfurling libraries do (pinned in package.json beside axe-core):
// unfurl.js and open-graph-scraper each fetch every address given and read its Open Graph and
// Twitter tags, as a forum's or a chat's link preview does. Prints one JSON object per address:
// what each library read (title, description, image, site name). Used by tests/test_odds_unfurl.py
// against a local server of the built site; it reaches nothing else.
//
//   node tests/unfurl.mjs http://127.0.0.1:8123/q/rk-check/rolled-6_tn-25/ ...
import ogs from "open-graph-scraper";
import unfurlModule from "unfurl.js";

const { unfurl } = unfurlModule;

async function readBoth(url) {
  const a = await unfurl(url, { oembed: false, follow: 0 });
  const { result: b } = await ogs({ url, timeout: 10 });
  const image = (b.ogImage || [])[0] || {};
  return {
    url,
    unfurl: {
      title: a.open_graph?.title ?? a.title ?? null,
      description: a.open_graph?.description ?? a.description ?? null,
      image: a.open_graph?.images?.[0]?.url ?? null,
      site_name: a.open_graph?.site_name ?? null,
      twitter_title: a.twitter_card?.title ?? null,
    },
    ogs: {
      title: b.ogTitle ?? null,
      description: b.ogDescription ?? null,
      image: image.url ?? null,
      image_size: [Number(image.width) || null, Number(image.height) || null],
      site_name: b.ogSiteName ?? null,
      twitter_description: b.twitterDescription ?? null,
    },
  };
}

const out = [];
for (const url of process.argv.slice(2)) out.push(await readBoth(url));
process.stdout.write(JSON.stringify(out, null, 1) + "\n");
