import { Router } from 'express';
import { THEME_STYLESHEET_PREFIX, readThemeKey, themeStylesheet } from '../../src/common/theme-stylesheet.ts';

// The stylesheet of each page theme (src/common/theme-stylesheet.ts). Its name says all of its content,
// so it is kept for a year everywhere, like the hashed assets; a name that is not a theme is a 404.

const KEPT_FOR_A_YEAR = 'public, max-age=31536000, immutable';
const FILE = /^([^/]+)\.css$/;

export const createThemeStylesheets = (): Router => {
  const router = Router();
  router.get(`${THEME_STYLESHEET_PREFIX}:file`, (req, res) => {
    const key = FILE.exec(req.params.file)?.[1];
    const colours = key === undefined ? null : readThemeKey(key);
    if (!colours) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('No such theme.\n');
      return;
    }
    res.set('Cache-Control', KEPT_FOR_A_YEAR).type('text/css').send(themeStylesheet(colours));
  });
  return router;
};
