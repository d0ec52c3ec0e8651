-- Where a team member's photo is cropped to fill the round frame of the home page's team cards
-- (issue 44, item 5): the part of the picture kept when a landscape or tall photo is cut to a
-- square, as the admin chose it in the team editor. Null (rows from before this column, and a
-- deleted member restored from an older revision) means the centre, as a new member starts.
-- The values are the editor's choices (app/domain/site/photo-focus.ts, PHOTO_FOCUS).
alter table public.team_members
  add column photo_focus text default 'center',
  add constraint team_members_photo_focus check (photo_focus is null or photo_focus in ('center', 'top', 'bottom', 'left', 'right', 'top-left', 'top-right', 'bottom-left', 'bottom-right'));
