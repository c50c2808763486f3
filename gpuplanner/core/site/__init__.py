"""The site: racks, power chain, cooling, storage, where GPUs can be bought, the sheet's site claims."""
