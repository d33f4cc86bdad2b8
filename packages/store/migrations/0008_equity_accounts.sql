-- The equity accounts the SIE export carries each year's result to (core SEED_LEDGER_ACCOUNTS),
-- for the organisations created before they were in the seed chart. Ids in the form of
-- crypto.randomUUID() (version 4).
INSERT OR IGNORE INTO `gl_accounts` (`id`, `org_id`, `code`, `name`, `type`, `is_active`, `created_at`)
SELECT
  lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
  `organisations`.`id`,
  `account`.`code`,
  `account`.`name`,
  `account`.`type`,
  1,
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM `organisations`
CROSS JOIN (
  SELECT '2091' AS `code`, 'Balanserad vinst eller förlust' AS `name`, 'equity' AS `type`
  UNION ALL SELECT '2099', 'Årets resultat', 'equity'
  UNION ALL SELECT '8999', 'Årets resultat', 'expense'
) AS `account`;
