"""The class server: one Jupyter Server with Voila for the pages and a server extension for the
class's challenges and shared tables, with SQLite for what must outlive a restart."""
