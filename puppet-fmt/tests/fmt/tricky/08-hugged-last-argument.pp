$content = epp('profile/motd.epp', {
  'owner' => $owner,
  'banner_text' => $banner,
})
